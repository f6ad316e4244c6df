/**
 * The plain letter most emails are: a heading (the subject), 'Hello {name},', paragraphs, an
 * optional quoted message, and an optional button with its address written out in full (some
 * mail apps hide buttons). Used by the proposals' and the booked calls' emails.
 */
import { Heading, Text } from '@react-email/components';
import { EmailButton, EmailLink, FooterText, Layout, Quote, text } from './layout.tsx';

export interface LetterProps {
  subject: string;
  /** The greeting's name. */
  name: string;
  /** The paragraphs; the first is also the inbox preview. */
  lines: string[];
  /** Shown as a quote under the paragraphs when not empty. */
  quote?: string | null;
  /** The button's target and words. */
  link?: { href: string; button: string } | null;
  footer: string;
}

export function Letter({ subject, name, lines, quote, link, footer }: LetterProps) {
  return (
    <Layout title={subject} preview={lines[0] ?? subject} footer={<FooterText>{footer}</FooterText>}>
      <Heading as="h1" style={text.heading}>
        {subject}
      </Heading>
      <Text style={text.body}>Hello {name},</Text>
      {lines.map((line) => (
        <Text key={line} style={text.body}>
          {line}
        </Text>
      ))}
      {quote ? <Quote value={quote} /> : null}
      {link ? (
        <>
          <EmailButton href={link.href} skipInText>
            {link.button}
          </EmailButton>
          <Text style={{ ...text.body, overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
            <EmailLink href={link.href}>{link.href}</EmailLink>
          </Text>
        </>
      ) : null}
    </Layout>
  );
}
