/**
 * The frame every notification email shares (docs/product.md#notifications): the agency's name on
 * a brand-blue band, a white card, system fonts only, no images and no remote resources of any
 * kind. Also the helpers the templates share: quoted multi-line text, the site's time format and
 * `renderEmail`, which turns a template into the HTML and plain-text parts with react-email.
 */
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { tz, tzName } from '@date-fns/tz';
import { format } from 'date-fns';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { company } from '../../../../shared/company.ts';
import type { RenderedEmail } from './types.ts';

/** Colours of src/styles/theme.css (brand-50/600/700, ink-900/600): AA contrast on white. */
const colors = {
  brand50: '#eff6ff',
  brand600: '#2563eb',
  brand700: '#1d4ed8',
  ink900: '#0f172a',
  ink600: '#475569',
  page: '#f1f5f9',
  border: '#e2e8f0',
  white: '#ffffff',
} as const;

/** The site's font stack (--font-sans): system fonts, nothing downloaded. */
const fontFamily = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const styles = {
  body: { backgroundColor: colors.page, margin: 0, padding: '24px 0', fontFamily },
  container: { maxWidth: '600px', backgroundColor: colors.white, border: `1px solid ${colors.border}` },
  band: { backgroundColor: colors.brand700, padding: '16px 24px' },
  brand: { margin: 0, color: colors.white, fontSize: '18px', lineHeight: '24px', fontWeight: 700, fontFamily },
  content: { padding: '8px 24px 16px' },
  footer: { padding: '0 24px 16px' },
  footerText: { color: colors.ink600, fontSize: '13px', lineHeight: '20px', margin: '12px 0', fontFamily },
  hr: { borderColor: colors.border, margin: '0' },
} satisfies Record<string, CSSProperties>;

/** Text styles the templates use: the email's one heading (an h1), paragraphs, the urgent badge. */
export const text = {
  heading: {
    color: colors.ink900,
    fontSize: '20px',
    lineHeight: '28px',
    fontWeight: 700,
    margin: '16px 0 8px',
    fontFamily,
  },
  body: { color: colors.ink900, fontSize: '15px', lineHeight: '24px', margin: '12px 0', fontFamily },
  urgent: {
    backgroundColor: '#b91c1c',
    color: colors.white,
    padding: '2px 6px',
    borderRadius: '4px',
    fontSize: '14px',
  },
} satisfies Record<string, CSSProperties>;

const quoteStyle: CSSProperties = {
  backgroundColor: colors.brand50,
  borderLeft: `4px solid ${colors.brand600}`,
  padding: '4px 16px',
  margin: '8px 0 4px',
};

/** An item of a digest: a block with a rule above it, so items read apart. */
export const itemStyle: CSSProperties = { borderTop: `1px solid ${colors.border}`, padding: '12px 0 4px' };

/**
 * The head of a digest item, one line each: a muted label (e.g. the project), the title in bold
 * and a muted time line. One paragraph, so the plain text keeps the three lines together.
 */
export function ItemHeader({ label, title, time }: { label?: string; title: string; time: string }) {
  return (
    <Text style={{ ...text.body, margin: '0 0 4px' }}>
      {label ? (
        <>
          <span style={{ color: colors.ink600, fontSize: '13px' }}>{label}</span>
          <br />
        </>
      ) : null}
      <strong style={{ fontSize: '16px' }}>{title}</strong>
      <br />
      <span style={{ color: colors.ink600, fontSize: '13px' }}>{time}</span>
    </Text>
  );
}

const linkStyle: CSSProperties = { color: colors.brand700, textDecorationLine: 'underline' };

/** A link in the site's link style (brand-700, underlined, so colour is not the only cue). */
export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={linkStyle}>
      {children}
    </Link>
  );
}

/** The main call to action: white on brand-700 (6.7:1). `skipInText` leaves it out of the plain text. */
export function EmailButton({ href, children, skipInText }: { href: string; children: string; skipInText?: boolean }) {
  return (
    <Section style={{ margin: '20px 0 8px' }} {...(skipInText ? { 'data-skip-in-text': true } : {})}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.brand700,
          color: colors.white,
          borderRadius: '8px',
          padding: '12px 20px',
          fontSize: '15px',
          fontWeight: 600,
          lineHeight: '20px',
          textDecoration: 'none',
          fontFamily,
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/**
 * Text whose line breaks matter (a message as typed): one `<br>` per line break, and
 * `white-space: pre-wrap` so that runs of spaces show too; long words wrap. Accepts \n, \r\n and \r.
 */
function Lines({ value }: { value: string }) {
  const lines = value.split(/\r\n|\r|\n/);
  return (
    <Text style={{ ...text.body, margin: '8px 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </Text>
  );
}

/** A message quoted as typed, in a tinted block with a brand-blue rule on its left. */
export function Quote({ value }: { value: string }) {
  return (
    <Section style={quoteStyle}>
      <Lines value={value} />
    </Section>
  );
}

/**
 * A date as emails show times (docs/product.md#notifications): 'Nov 3, 2026 at 2:05 PM EST', in
 * the agency's time zone `timeZone` (SITE_TIME_ZONE, an IANA name) and named, so a reader
 * elsewhere knows which clock it is. Formatted by date-fns in that zone (@date-fns/tz), the
 * zone's short name from `tzName`.
 */
export function formatTime(date: Date, timeZone: string): string {
  return `${format(date, "MMM d, yyyy 'at' h:mm a", { in: tz(timeZone) })} ${tzName(timeZone, date, 'short')}`;
}

/** A subject line never spans lines: each run of line breaks (or other control characters) becomes one space. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}

interface LayoutProps {
  /** The email's subject, also the HTML document's title. */
  title: string;
  /** The line inboxes show beside the subject (on one line; react-email keeps 150 characters). */
  preview: string;
  children: ReactNode;
  /** Why the reader gets this email, and the links to change that; below a rule. */
  footer: ReactNode;
  /** Leaves the footer out of the plain-text part (the lead email keeps its text as it was). */
  footerSkipInText?: boolean;
}

/** The shared frame: the brand band (HTML only), the content, a rule and the footer. */
export function Layout({ title, preview, children, footer, footerSkipInText }: LayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
      </Head>
      <Preview>{oneLine(preview)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.band} data-skip-in-text>
            <Text style={styles.brand}>{company.name}</Text>
          </Section>
          <Section style={styles.content}>{children}</Section>
          <Section style={styles.footer} {...(footerSkipInText ? { 'data-skip-in-text': true } : {})}>
            <Hr style={styles.hr} />
            {footer}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A footer paragraph in the muted footer style. */
export function FooterText({ children }: { children: ReactNode }) {
  return <Text style={styles.footerText}>{children}</Text>;
}

/**
 * html-to-text options for the plain-text part: keep every space, tab and line break of the
 * text as written (so messages stay verbatim), and leave the heading in its own case.
 */
const plainTextOptions = {
  whitespaceCharacters: '',
  selectors: [{ selector: 'h1', options: { uppercase: false } }],
};

/** Renders `element` with react-email into the HTML part and the plain-text part, under `subject`. */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, plain] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: plainTextOptions }),
  ]);
  return { subject, html, text: plain };
}
