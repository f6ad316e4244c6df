/**
 * The two answers a reply by email can get (docs/product.md#email-replies): the notice to the
 * person a reply address was given to that a reply from another address was held, and the one
 * polite "this conversation is closed" to a reply that can no longer be posted. Neither carries a
 * reply address, and both are marked Auto-Submitted (RFC 3834) so that nobody's auto-reply answers.
 */
import { Heading, Text } from '@react-email/components';
import { EmailButton, FooterText, Layout, oneLine, Quote, renderEmail, text } from './layout.tsx';
import type { RenderedEmail } from './types.ts';

/** A short email of a heading and `lines`. */
function Notice({ subject, name, lines }: { subject: string; name: string; lines: string[] }) {
  return (
    <Layout title={subject} preview={lines[0]!} footer={<FooterText>This email was sent automatically.</FooterText>}>
      <Heading as="h1" style={text.heading}>
        {subject}
      </Heading>
      <Text style={text.body}>Hello {name},</Text>
      {lines.map((line) => (
        <Text key={line} style={text.body}>
          {line}
        </Text>
      ))}
    </Layout>
  );
}

/** To the true recipient: `A reply from another address was held`, naming the address and the subject. */
export function renderHeldNotice(data: { name: string; from: string; subject: string }): Promise<RenderedEmail> {
  const subject = 'A reply from another address was held';
  return renderEmail(
    subject,
    <Notice
      subject={subject}
      name={data.name}
      lines={[
        `We received a reply to one of our emails to you from ${data.from} (subject: "${data.subject || 'no subject'}").`,
        'It did not come from your address, so it was not posted. Our team will look at it.',
        'If you sent it, please reply from the address we write to, or write to us in the portal.',
      ]}
    />,
  );
}

/** To the sender, once per reply address: `This conversation is closed`. */
export function renderClosedNotice(data: { name: string; subject: string }): Promise<RenderedEmail> {
  const subject = 'This conversation is closed';
  return renderEmail(
    subject,
    <Notice
      subject={subject}
      name={data.name}
      lines={[
        `Thank you for your reply${data.subject ? ` to "${data.subject}"` : ''}. This conversation is closed, so your reply was not posted.`,
        'If you still need us, please write to us from our website.',
      ]}
    />,
  );
}

/** To the leads' inbox: `Reply from {name}: {subject}`, the reply's text and a link to the lead. */
export function renderLeadReply(data: {
  name: string;
  subject: string;
  text: string;
  leadUrl: string;
}): Promise<RenderedEmail> {
  const subject = `Reply from ${oneLine(data.name)}: ${oneLine(data.subject)}`;
  return renderEmail(
    subject,
    <Layout
      title={subject}
      preview={oneLine(data.text).slice(0, 120)}
      footer={<FooterText>Sent because a lead answered by email.</FooterText>}
    >
      <Heading as="h1" style={text.heading}>
        {subject}
      </Heading>
      <Text style={text.body}>{data.name} answered our acknowledgement of their enquiry by email:</Text>
      <Quote value={data.text} />
      <EmailButton href={data.leadUrl}>Open the lead</EmailButton>
    </Layout>,
  );
}

/** To a lead who wrote through the site: `We received your message`, answered by replying. */
export function renderLeadAcknowledgement(data: { name: string }): Promise<RenderedEmail> {
  const subject = 'We received your message';
  return renderEmail(
    subject,
    <Notice
      subject={subject}
      name={data.name}
      lines={[
        "Thank you for writing to us. Your message is with our team, and we'll get back to you within one business day.",
        'If you think of anything to add, reply to this email: your reply reaches the same people.',
      ]}
    />,
  );
}
