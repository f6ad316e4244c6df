/**
 * The team's email about one client (docs/product.md#notifications): who it is, then each unread
 * message with its project, subject and time, quoted as typed, with its attachments; the files the
 * client added; the approvals the client answered (docs/product.md#approvals); and a button to the
 * dashboard.
 */
import { Heading, Section, Text } from '@react-email/components';
import { company } from '../../../../shared/company.ts';
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
import { AttachedFiles, fileLabel } from './files.tsx';
import type { ApprovalDecisionItem, RenderedEmail, TeamDigestData } from './types.ts';

const decisionText = (d: ApprovalDecisionItem) => (d.decision === 'approved' ? 'approved' : 'requested changes on');

const and = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/**
 * Why the team gets this email, for its footer: what is in it ("Dana approved 'Homepage design'",
 * "Dana asked for changes on 'Logo'", "Dana added 2 files", "a client's message is still unread"),
 * joined as an English list.
 */
function reasons({ client, messages, files = [], decisions = [] }: TeamDigestData): string {
  const parts = decisions.map((d) =>
    d.decision === 'approved' ? `${d.by} approved '${d.title}'` : `${d.by} asked for changes on '${d.title}'`,
  );
  if (files.length > 0) parts.push(`${client.name} added ${files.length === 1 ? 'a file' : `${files.length} files`}`);
  if (messages.length > 0) {
    parts.push(messages.length === 1 ? "a client's message is still unread" : "a client's messages are still unread");
  }
  return and.format(parts);
}

/**
 * Messages only: one → `New message from {client}: {subject}`, several → `{n} new messages from
 * {client}`. One answered approval alone → `{client} approved: {title}` or `{client} requested
 * changes on: {title}`; one file alone → `New file from {client}: {name}`; any other mix →
 * `{n} updates from {client}`.
 */
/** Who wrote the messages: their one author's name, else the client's (docs/product.md#client-teams). */
function sender({ client, messages }: TeamDigestData): string {
  const authors = new Set(messages.map((m) => m.from ?? client.name));
  return authors.size === 1 ? [...authors][0]! : client.name;
}

function teamSubject(data: TeamDigestData): string {
  const { client, messages, files = [], decisions = [] } = data;
  const [only] = messages;
  const [decision] = decisions;
  const [file] = files;
  const count = messages.length + files.length + decisions.length;
  if (count === messages.length) {
    return oneLine(
      messages.length === 1 && only
        ? `New message from ${sender(data)}: ${only.subject}`
        : `${messages.length} new messages from ${sender(data)}`,
    );
  }
  if (count === 1 && decision) return oneLine(`${client.name} ${decisionText(decision)}: ${decision.title}`);
  if (count === 1 && file) return oneLine(`New file from ${client.name}: ${file.name}`);
  return oneLine(`${count} updates from ${client.name}`);
}

function TeamDigest({ data, subject }: { data: TeamDigestData; subject: string }) {
  const { client, messages, dashboardUrl, files = [], decisions = [] } = data;
  const first = messages[0];
  const preview =
    messages.length === 1 && first && files.length + decisions.length === 0
      ? `${sender(data)} wrote about ${first.projectTitle}: ${first.message}`
      : subject;
  return (
    <Layout
      title={subject}
      preview={preview}
      footer={
        <FooterText>
          {`Sent to the ${company.name} team because ${reasons(data)}${messages.length > 0 ? ' in the dashboard' : ''}.`}
        </FooterText>
      }
    >
      <Heading as="h1" style={text.heading}>
        {files.length + decisions.length > 0
          ? subject
          : messages.length === 1
            ? `New message from ${sender(data)}`
            : `${messages.length} new messages from ${sender(data)}`}
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
            time={`Sent${m.from && m.from !== client.name ? ` by ${m.from}` : ''} ${formatTime(m.sentAt, data.timeZone)}`}
          />
          <Quote value={m.message} />
          <AttachedFiles files={m.attachments} />
        </Section>
      ))}
      {decisions.map((d, i) => (
        <Section key={`d${i}`} style={itemStyle}>
          <ItemHeader
            label={`Project: ${d.projectTitle}`}
            title={`${d.decision === 'approved' ? 'Approved' : 'Changes requested'}: ${d.title}`}
            time={`Answered by ${d.by} ${formatTime(d.decidedAt, data.timeZone)}`}
          />
          {d.comment ? <Quote value={d.comment} /> : null}
        </Section>
      ))}
      {files.map((f, i) => (
        <Section key={`f${i}`} style={itemStyle}>
          <ItemHeader
            label={`Project: ${f.projectTitle}`}
            title={`New file: ${fileLabel(f)}`}
            time={`Added ${formatTime(f.addedAt, data.timeZone)}`}
          />
        </Section>
      ))}
      <EmailButton href={dashboardUrl}>
        {messages.length > 0 ? 'Open the conversation' : 'Open the dashboard'}
      </EmailButton>
    </Layout>
  );
}

/**
 * The team's email about `data.client`'s unread messages, files and answered approvals (each
 * oldest first, at least one in all): subject, HTML and plain text. Times are shown in the
 * server's time zone. Throws RangeError when there is nothing to send.
 */
export async function renderTeamDigest(data: TeamDigestData): Promise<RenderedEmail> {
  const count = data.messages.length + (data.files?.length ?? 0) + (data.decisions?.length ?? 0);
  if (count === 0) throw new RangeError('renderTeamDigest: nothing to send');
  const subject = teamSubject(data);
  return renderEmail(subject, <TeamDigest data={data} subject={subject} />);
}
