/**
 * The team's email about one client's unread messages (docs/product.md#notifications): who wrote,
 * then each message with its project, subject and time, quoted as typed, and a button to the
 * conversation in the dashboard.
 */
import { Heading, Section, Text } from '@react-email/components';
import { company } from '../../shared/company.ts';
import {
  EmailButton,
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
import type { RenderedEmail, TeamDigestData } from './types.ts';

/** One message → `New message from {client}: {subject}`; several → `{n} new messages from {client}`. */
function teamSubject({ client, messages }: TeamDigestData): string {
  const [only] = messages;
  return oneLine(
    messages.length === 1 && only
      ? `New message from ${client.name}: ${only.subject}`
      : `${messages.length} new messages from ${client.name}`,
  );
}

function TeamDigest({ data, subject }: { data: TeamDigestData; subject: string }) {
  const { client, messages, dashboardUrl } = data;
  const first = messages[0];
  const preview =
    messages.length === 1 && first
      ? `${client.name} wrote about ${first.projectTitle}: ${first.message}`
      : `${client.name} sent ${messages.length} messages that are still unread.`;
  return (
    <Layout
      title={subject}
      preview={preview}
      footer={
        <FooterText>
          {`Sent to the ${company.name} team because a client's message is still unread in the dashboard.`}
        </FooterText>
      }
    >
      <Heading as="h1" style={text.heading}>
        {messages.length === 1
          ? `New message from ${client.name}`
          : `${messages.length} new messages from ${client.name}`}
      </Heading>
      <Text style={text.body}>
        {`Client: ${client.name}`}
        {client.company ? (
          <>
            <br />
            {`Company: ${client.company}`}
          </>
        ) : null}
        <br />
        {`Email: ${client.email}`}
      </Text>
      {messages.map((m, i) => (
        <Section key={i} style={itemStyle}>
          <ItemHeader
            label={`Project: ${m.projectTitle}`}
            title={m.subject}
            time={`Sent ${formatTime(m.sentAt, data.timeZone)}`}
          />
          <Quote value={m.message} />
        </Section>
      ))}
      <EmailButton href={dashboardUrl}>Open the conversation</EmailButton>
    </Layout>
  );
}

/**
 * The team's email about `data.client`'s unread messages (oldest first, at least one): subject,
 * HTML and plain text. Times are shown in the server's time zone. Throws when there is no message.
 */
export async function renderTeamDigest(data: TeamDigestData): Promise<RenderedEmail> {
  if (data.messages.length === 0) throw new RangeError('renderTeamDigest: no message to send');
  const subject = teamSubject(data);
  return renderEmail(subject, <TeamDigest data={data} subject={subject} />);
}
