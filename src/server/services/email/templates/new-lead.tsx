/**
 * The team's email about a new lead (docs/product.md#lead-delivery). Its subject and plain text
 * keep the rules the lead email has always had: the text starts `New lead from the {source} form`
 * (`URGENT ` in front when urgent), lists the lead's details (how they found us by the contact
 * form's label, `Audit failed: {reason}` for an audit that could not be run), the time received in
 * the agency's time zone ('Nov 3, 2026 at 9:05 AM EST', services/email/templates/layout.tsx `formatTime`), the
 * message as typed and `Lead {id} — {link to the lead's page in the dashboard}`. The HTML part
 * shows the same, plus a button to the lead's page and a footer that the text leaves out.
 */
import { Heading, Text } from '@react-email/components';
import { Fragment, type ReactNode } from 'react';
import { company } from '../../../../shared/company.ts';
import { HOW_DID_YOU_FIND_US_LABELS, type HowDidYouFindUs } from '../../../../shared/schemas/contact.ts';
import {
  EmailButton,
  EmailLink,
  FooterText,
  formatTime,
  Layout,
  oneLine,
  Quote,
  renderEmail,
  text,
} from './layout.tsx';
import type { NewLeadData, RenderedEmail } from './types.ts';

/** `New lead: {name}`, plus ` — {subject}` when there is one, `[URGENT] ` in front when urgent. */
function leadSubject({ lead }: NewLeadData): string {
  return oneLine(`${lead.urgent ? '[URGENT] ' : ''}New lead: ${lead.name}${lead.subject ? ` — ${lead.subject}` : ''}`);
}

/** The contact form's label for a 'How did you find us' value ('Google Search'); an unknown value as stored. */
function howFound(value: string | null): string | null {
  if (!value) return null;
  return Object.hasOwn(HOW_DID_YOU_FIND_US_LABELS, value)
    ? HOW_DID_YOU_FIND_US_LABELS[value as HowDidYouFindUs]
    : value;
}

/** The detail lines, in the order of the text email; empty ones left out. */
function details({ lead, timeZone }: NewLeadData): [label: string, value: string][] {
  const rows: [string, string | null | undefined][] = [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', lead.phone],
    ['How did you find us', howFound(lead.howDidYouFindUs)],
    ['Subject', lead.subject],
    ['Services', lead.services?.length ? lead.services.join(', ') : null],
    ['Audit failed', lead.auditError],
    ['Received', formatTime(lead.createdAt, timeZone)],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

function NewLead({ data, subject }: { data: NewLeadData; subject: string }) {
  const { lead, leadUrl } = data;
  const heading: ReactNode = (
    <>
      {lead.urgent ? (
        <>
          <span style={text.urgent}>URGENT</span>{' '}
        </>
      ) : null}
      {`New lead from the ${lead.source} form`}
    </>
  );
  return (
    <Layout
      title={subject}
      preview={`${lead.urgent ? 'URGENT ' : ''}New lead from the ${lead.source} form: ${lead.name}`}
      footerSkipInText
      footer={
        <FooterText>
          {`Sent by the ${company.name} website when a lead is stored.`}
          {lead.email ? ` Replying to this email writes to ${lead.name}.` : ''}
        </FooterText>
      }
    >
      <Heading as="h1" style={text.heading}>
        {heading}
      </Heading>
      <Text style={text.body}>
        {details(data).map(([label, value], i) => (
          <Fragment key={label}>
            {i > 0 ? <br /> : null}
            <strong>{`${label}:`}</strong>
            {` ${value}`}
          </Fragment>
        ))}
      </Text>
      <Quote value={lead.message} />
      <Text style={text.body}>
        {`Lead ${lead.id} — `}
        <EmailLink href={leadUrl}>{leadUrl}</EmailLink>
      </Text>
      <EmailButton href={leadUrl} skipInText>
        Open the lead
      </EmailButton>
    </Layout>
  );
}

/** The new-lead email for `data.lead`: subject, HTML and plain text (docs/product.md#lead-delivery). */
export async function renderNewLead(data: NewLeadData): Promise<RenderedEmail> {
  const subject = leadSubject(data);
  return renderEmail(subject, <NewLead data={data} subject={subject} />);
}
