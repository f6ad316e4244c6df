/**
 * The emails of proposals and agreements (docs/product.md#proposals, docs/product.md#agreements),
 * HTML and plain text through the shared layout:
 *
 * - `renderProposalSent`: a proposal to review and sign, with a sign-in link (or, for a lead, the
 *   invitation that sets up their portal first);
 * - `renderProposalReminder`: 3 days before a proposal expires;
 * - `renderProposalDecided`: the team is told a proposal was accepted or declined;
 * - `renderAgreementSigned`: the signed agreement, its PDF attached by the queue, to both sides.
 */
import { Heading, Text } from '@react-email/components';
import { company } from '../../../../shared/company.ts';
import { formatCents, type ProposalTotals } from '../../../../shared/proposals.ts';
import { EmailButton, FooterText, Layout, Quote, renderEmail, text } from './layout.tsx';
import { Letter } from './letter.tsx';
import type { RenderedEmail } from './types.ts';

/** The money lines of a proposal, for its emails. */
function moneyLines(totals: Pick<ProposalTotals, 'oneOffCents' | 'monthlyCents' | 'depositCents'>): string[] {
  const lines: string[] = [];
  if (totals.oneOffCents > 0) lines.push(`One-off total: ${formatCents(totals.oneOffCents)}`);
  if (totals.monthlyCents > 0) lines.push(`Monthly: ${formatCents(totals.monthlyCents)} a month`);
  if (totals.depositCents > 0) lines.push(`Deposit on signing: ${formatCents(totals.depositCents)}`);
  return lines;
}

/** What a proposal's email says of it. */
export interface ProposalEmailData {
  name: string;
  title: string;
  /** 'Dec 31, 2026'. */
  validUntil: string;
  totals: Pick<ProposalTotals, 'oneOffCents' | 'monthlyCents' | 'depositCents'>;
  link: string;
  /** Who sent it (a staff member's name). */
  sentBy: string;
}

/**
 * A proposal sent to a client's owner or billing member (a sign-in link working `hours` hours),
 * or to a lead (`invitation`: the link sets up their portal first, and works until the proposal
 * expires). Subject `Proposal from {company}: {title}`.
 */
export function renderProposalSent(
  data: ProposalEmailData & { invitation: boolean; hours: number },
): Promise<RenderedEmail> {
  const subject = `Proposal from ${company.name}: ${data.title}`;
  const how = data.invitation
    ? 'Open this link to set up your client portal (a password or a passkey); the proposal opens right after. The link works once.'
    : `Open this link to review it in your client portal. It signs you in once, within the next ${data.hours} hours; after that, sign in at the portal as usual.`;
  return renderEmail(
    subject,
    <Letter
      subject={subject}
      name={data.name}
      lines={[
        `${data.sentBy} at ${company.name} has sent you a proposal: ${data.title}. It is valid until ${data.validUntil}.`,
        how,
      ]}
      quote={moneyLines(data.totals).join('\n')}
      link={{ href: data.link, button: 'Review the proposal' }}
      footer="You can accept it by signing it electronically in the portal, or decline it there and tell us why."
    />,
  );
}

/** The reminder 3 days before a proposal expires: subject `Reminder: {title} expires on {date}`. */
export function renderProposalReminder(data: ProposalEmailData & { hours: number }): Promise<RenderedEmail> {
  const subject = `Reminder: ${data.title} expires on ${data.validUntil}`;
  return renderEmail(
    subject,
    <Letter
      subject={subject}
      name={data.name}
      lines={[
        `The proposal ${data.title} from ${company.name} is waiting for your answer; it can be accepted until the end of ${data.validUntil}.`,
        `This link signs you in once, within the next ${data.hours} hours.`,
      ]}
      quote={moneyLines(data.totals).join('\n')}
      link={{ href: data.link, button: 'Review the proposal' }}
      footer="If you have questions about it, reply in the portal or call us before it expires."
    />,
  );
}

/**
 * The team hears of a decision: subject `{who} accepted {title}` or `{who} declined {title}`, with
 * the reason of a refusal and the totals chosen; the link opens the dashboard.
 */
export function renderProposalDecided(data: {
  title: string;
  who: string;
  decision: 'accepted' | 'declined';
  reason: string | null;
  totals: Pick<ProposalTotals, 'oneOffCents' | 'monthlyCents' | 'depositCents'>;
  link: string;
  time: string;
}): Promise<RenderedEmail> {
  const subject = `${data.who} ${data.decision} ${data.title}`;
  const lines =
    data.decision === 'accepted'
      ? [
          `${data.who} signed the proposal ${data.title} on ${data.time}. The project has been created with a milestone for each one-off item, and the signed agreement follows in its own email.`,
        ]
      : [`${data.who} declined the proposal ${data.title} on ${data.time}. Their reason:`];
  return renderEmail(
    subject,
    <Layout
      title={subject}
      preview={lines[0]!}
      footer={<FooterText>You receive this as a member of the team at {company.name}.</FooterText>}
    >
      <Heading as="h1" style={text.heading}>
        {subject}
      </Heading>
      {lines.map((line) => (
        <Text key={line} style={text.body}>
          {line}
        </Text>
      ))}
      <Quote value={data.decision === 'declined' ? (data.reason ?? '') : moneyLines(data.totals).join('\n')} />
      <EmailButton href={data.link}>Open the dashboard</EmailButton>
    </Layout>,
  );
}

/**
 * The signed agreement, to the client's signer, owners and billing members and to the team, its
 * PDF attached: subject `Signed: {title} ({reference})`.
 */
export function renderAgreementSigned(data: {
  name: string;
  title: string;
  reference: string;
  signer: string;
  time: string;
  documentHash: string;
  verifyUrl: string;
  link: string;
  team: boolean;
}): Promise<RenderedEmail> {
  const subject = `Signed: ${data.title} (${data.reference})`;
  return renderEmail(
    subject,
    <Letter
      subject={subject}
      name={data.name}
      lines={[
        `${data.signer} signed ${data.title} on ${data.time}. The signed agreement is attached as a PDF, with its certificate page.`,
        `Anyone holding the PDF can check that it is unchanged at ${data.verifyUrl}. Its document fingerprint (SHA-256) is ${data.documentHash}.`,
      ]}
      link={{ href: data.link, button: data.team ? 'Open the project' : 'Open your portal' }}
      footer={
        data.team
          ? `You receive this as a member of the team at ${company.name}.`
          : 'Keep this email and the PDF: it is your copy of the agreement. It is also in your portal.'
      }
    />,
  );
}
