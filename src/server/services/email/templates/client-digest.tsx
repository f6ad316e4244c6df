/**
 * The client's email about one project (docs/product.md#notifications): a greeting, then what
 * happened in order (team replies quoted as typed, milestones completed, status changes), a
 * button to the project in the portal, and a footer with why they get it, the email settings and
 * a one-click unsubscribe link.
 */
import { Section, Text } from '@react-email/components';
import { company } from '../../../../shared/company.ts';
import {
  EmailButton,
  EmailLink,
  FooterText,
  formatTime,
  ItemHeader,
  itemStyle,
  Layout,
  oneLine,
  Quote,
  renderEmail,
  text,
} from './layout.tsx';
import { AttachedFiles, fileLabel } from './files.tsx';
import type { ClientDigestData, ClientUpdateItem, RenderedEmail } from './types.ts';

/**
 * One team reply → `New reply on {project}: {subject}`; one status change → `Your project moved
 * to {to}`; one milestone → `Milestone completed on {project}: {title}`; one file → `New file on
 * {project}: {name}`; one approval → `Your approval is needed on {project}: {title}`; several
 * items → `{n} updates on {project}`.
 */
function clientSubject({ project, items }: ClientDigestData): string {
  const [only] = items;
  if (items.length !== 1 || !only) return oneLine(`${items.length} updates on ${project.title}`);
  switch (only.kind) {
    case 'team_message':
      return oneLine(`New reply on ${project.title}: ${only.subject}`);
    case 'project_status':
      return oneLine(`Your project moved to ${only.to}`);
    case 'milestone_completed':
      return oneLine(`Milestone completed on ${project.title}: ${only.title}`);
    case 'file_added':
      return oneLine(`New file on ${project.title}: ${only.name}`);
    case 'approval_requested':
      return oneLine(`Your approval is needed on ${project.title}: ${only.title}`);
  }
}

/** One item as a sentence, for the preview line. */
function summary(item: ClientUpdateItem): string {
  switch (item.kind) {
    case 'team_message':
      return `New reply: ${item.subject}`;
    case 'project_status':
      return `Your project moved from ${item.from} to ${item.to}`;
    case 'milestone_completed':
      return `Milestone completed: ${item.title}`;
    case 'file_added':
      return `New file: ${item.name}`;
    case 'approval_requested':
      return `Awaiting your approval: ${item.title}`;
  }
}

function Item({ item, timeZone }: { item: ClientUpdateItem; timeZone: string }) {
  switch (item.kind) {
    case 'team_message':
      return (
        <Section style={itemStyle}>
          <ItemHeader
            label="New reply from the team"
            title={item.subject}
            time={`Sent ${formatTime(item.sentAt, timeZone)}`}
          />
          <Quote value={item.message} />
          <AttachedFiles files={item.attachments} />
        </Section>
      );
    case 'file_added':
      return (
        <Section style={itemStyle}>
          <ItemHeader
            label="New file from the team"
            title={fileLabel(item)}
            time={`Added ${formatTime(item.addedAt, timeZone)}`}
          />
        </Section>
      );
    case 'approval_requested':
      return (
        <Section style={itemStyle}>
          <ItemHeader
            label="Awaiting your approval"
            title={item.title}
            time={`Asked ${formatTime(item.requestedAt, timeZone)}`}
          />
          <Text style={text.body}>Open the project to approve it or to request changes.</Text>
        </Section>
      );
    case 'milestone_completed':
      return (
        <Section style={itemStyle}>
          <ItemHeader
            title={`Milestone completed: ${item.title}`}
            time={`Completed ${formatTime(item.completedAt, timeZone)}`}
          />
        </Section>
      );
    case 'project_status':
      return (
        <Section style={itemStyle}>
          <ItemHeader
            title={`Your project moved from ${item.from} to ${item.to}`}
            time={`Changed ${formatTime(item.changedAt, timeZone)}`}
          />
        </Section>
      );
  }
}

function ClientDigest({ data, subject }: { data: ClientDigestData; subject: string }) {
  const { client, project, items } = data;
  const { street, city, region, postalCode } = company.address;
  const first = items[0];
  const preview =
    items.length === 1 && first
      ? `${summary(first)} (${project.title})`
      : `${items.length} updates on ${project.title}: ${items.map(summary).join('; ')}`;
  return (
    <Layout
      title={subject}
      preview={preview}
      footer={
        <>
          <FooterText>
            {`You get this email because email updates are on for your projects with ${company.name}.`}
          </FooterText>
          <FooterText>
            <EmailLink href={data.settingsUrl}>Email settings</EmailLink>
            {' · '}
            <EmailLink href={data.unsubscribeUrl}>Unsubscribe</EmailLink>
          </FooterText>
          <FooterText>{`${company.legalName}, ${street}, ${city}, ${region} ${postalCode}`}</FooterText>
        </>
      }
    >
      <Text style={text.body}>{`Hi ${client.name},`}</Text>
      <Text style={text.body}>
        {items.length === 1 ? 'There is news on your project ' : `There are ${items.length} updates on your project `}
        <strong>{project.title}</strong>:
      </Text>
      {items.map((item, i) => (
        <Item key={i} item={item} timeZone={data.timeZone} />
      ))}
      <EmailButton href={data.projectUrl}>View your project</EmailButton>
      {data.linkHours ? (
        <Text style={{ ...text.body, fontSize: '13px', color: '#475569' }}>
          {`The button signs you in without a password. It works once, within ${data.linkHours} hours; after that, sign in as usual.`}
        </Text>
      ) : null}
    </Layout>
  );
}

/**
 * The client's email about `data.project` (items oldest first, at least one): subject, HTML and
 * plain text. Times are shown in the server's time zone. Throws when there is no item.
 */
export async function renderClientDigest(data: ClientDigestData): Promise<RenderedEmail> {
  if (data.items.length === 0) throw new RangeError('renderClientDigest: no update to send');
  const subject = clientSubject(data);
  return renderEmail(subject, <ClientDigest data={data} subject={subject} />);
}
