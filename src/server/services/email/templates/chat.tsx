/**
 * The live chat's emails (docs/product.md#live-chat):
 * - `renderChatReply`: a staff reply to a visitor who started the chat while nobody was online;
 * - `renderChatEscalation`: to the team, when a chat has waited CHAT_ESCALATE_MINUTES unanswered;
 * - `renderChatTranscript`: the conversation, to an address the visitor confirmed;
 * - `renderChatConfirmEmail`: the link that confirms that address.
 * Every string from a visitor or staff member is escaped by react-email; messages are quoted as
 * typed, in plain text.
 */
import { Heading, Text } from '@react-email/components';
import { company } from '../../../../shared/company.ts';
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
import type { RenderedEmail } from './types.ts';

/** One line of a transcript: who wrote it, and what. */
export interface TranscriptLine {
  author: string;
  body: string;
}

function Transcript({ lines }: { lines: TranscriptLine[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <div key={i}>
          <Text style={text.body}>
            <strong>{`${line.author}:`}</strong>
          </Text>
          <Quote value={line.body} />
        </div>
      ))}
    </>
  );
}

/** A staff member's reply to an offline chat, emailed to the visitor. */
export async function renderChatReply(data: {
  staffName: string;
  body: string;
  name: string | null;
  siteUrl: string;
}): Promise<RenderedEmail> {
  const subject = oneLine(`${company.name} replied to your chat`);
  return renderEmail(
    subject,
    <Layout
      title={subject}
      preview={data.body.slice(0, 140)}
      footer={
        <FooterText>
          {`You get this email because you left your address in the chat on the ${company.name} website.`}
        </FooterText>
      }
    >
      <Heading as="h1" style={text.heading}>
        {data.name ? `Hi ${data.name},` : 'Hello,'}
      </Heading>
      <Text style={text.body}>{`${data.staffName} replied to your chat:`}</Text>
      <Quote value={data.body} />
      <Text style={text.body}>
        {'Reply by starting a chat again on '}
        <EmailLink href={data.siteUrl}>{data.siteUrl}</EmailLink>
        {`, or write to ${company.email}.`}
      </Text>
    </Layout>,
  );
}

/** The team's email about a chat that has waited unanswered. */
export async function renderChatEscalation(data: {
  name: string | null;
  email: string | null;
  page: string | null;
  waitingSince: Date;
  minutes: number;
  transcript: TranscriptLine[];
  dashboardUrl: string;
  timeZone: string;
}): Promise<RenderedEmail> {
  const who = data.name ?? data.email ?? 'A visitor';
  const subject = oneLine(`Chat waiting: ${who} has waited over ${data.minutes} minutes`);
  return renderEmail(
    subject,
    <Layout
      title={subject}
      preview={`${who} is waiting for an answer in the live chat.`}
      footer={<FooterText>{`Sent by the ${company.name} website once per unanswered wait.`}</FooterText>}
    >
      <Heading as="h1" style={text.heading}>
        {`${who} is waiting in the live chat`}
      </Heading>
      <Text style={text.body}>
        {`Waiting since ${formatTime(data.waitingSince, data.timeZone)}`}
        {data.page ? ` on ${data.page}` : ''}
        {data.email ? `. Email: ${data.email}` : ''}
      </Text>
      <Transcript lines={data.transcript} />
      <EmailButton href={data.dashboardUrl}>Answer in the dashboard</EmailButton>
    </Layout>,
  );
}

/** The transcript a visitor asked for. */
export async function renderChatTranscript(data: {
  lines: TranscriptLine[];
  startedAt: Date;
  timeZone: string;
}): Promise<RenderedEmail> {
  const subject = oneLine(`Your chat with ${company.name}`);
  return renderEmail(
    subject,
    <Layout
      title={subject}
      preview={`The conversation of ${formatTime(data.startedAt, data.timeZone)}`}
      footer={<FooterText>{`You asked for this transcript in the chat on the ${company.name} website.`}</FooterText>}
    >
      <Heading as="h1" style={text.heading}>
        {`Your chat of ${formatTime(data.startedAt, data.timeZone)}`}
      </Heading>
      <Transcript lines={data.lines} />
    </Layout>,
  );
}

/** The link that confirms a visitor's email address before a transcript is sent to it. */
export async function renderChatConfirmEmail(data: { link: string }): Promise<RenderedEmail> {
  const subject = oneLine(`Confirm your email for your ${company.name} chat`);
  return renderEmail(
    subject,
    <Layout
      title={subject}
      preview="Confirm this address to receive your chat transcript."
      footer={
        <FooterText>If you did not ask for a chat transcript, ignore this email: nothing will be sent.</FooterText>
      }
    >
      <Heading as="h1" style={text.heading}>
        Confirm your email
      </Heading>
      <Text style={text.body}>
        Someone asked for a transcript of a chat on our website to be sent to this address. Confirm it, and the
        transcript follows at once. The link works for 24 hours.
      </Text>
      <EmailButton href={data.link}>Confirm and send the transcript</EmailButton>
    </Layout>,
  );
}
