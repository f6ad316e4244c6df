/**
 * The emails that carry a link into a client's account: the password reset a client asks for
 * (1 hour, `/portal/reset-password#token=…`, docs/product.md#password-reset), the invitation of a
 * client made from a lead (72 hours, `/portal/welcome#token=…`, docs/product.md#invitations) and the
 * confirmation of a self-registered account's email (a sign-in link, docs/product.md#registration).
 * The token stays after `#`, so it never reaches a server log. HTML and plain text, through the
 * shared layout.
 */
import { Heading, Text } from '@react-email/components';
import { company } from '../../../../shared/company.ts';
import { EmailButton, EmailLink, FooterText, Layout, renderEmail, text } from './layout.tsx';
import type { RenderedEmail } from './types.ts';

/** Who the email goes to and the link to choose a password. */
export interface AccountLinkData {
  name: string;
  link: string;
}

/** An email with a greeting, `lines`, a button to `link` (`button`) and the address in full. */
export function AccountLink({
  subject,
  name,
  link,
  lines,
  footer,
  button = 'Choose a password',
}: AccountLinkData & { subject: string; lines: string[]; footer: string; button?: string }) {
  return (
    <Layout title={subject} preview={lines[0]!} footer={<FooterText>{footer}</FooterText>}>
      <Heading as="h1" style={text.heading}>
        {subject}
      </Heading>
      <Text style={text.body}>Hello {name},</Text>
      {lines.map((line) => (
        <Text key={line} style={text.body}>
          {line}
        </Text>
      ))}
      <EmailButton href={link} skipInText>
        {button}
      </EmailButton>
      {/* The address has no break points of its own: it may break anywhere rather than widen the email. */}
      <Text style={{ ...text.body, overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
        <EmailLink href={link}>{link}</EmailLink>
      </Text>
    </Layout>
  );
}

/** The password-reset email: subject `Reset your client portal password`. */
export function renderPasswordReset(data: AccountLinkData): Promise<RenderedEmail> {
  const subject = 'Reset your client portal password';
  return renderEmail(
    subject,
    <AccountLink
      {...data}
      subject={subject}
      lines={[
        'Someone asked to reset the password of your client portal account.',
        'To choose a new password, open this link within the next hour (it works once):',
      ]}
      footer="If you did not ask for this, you can ignore this email: your password stays the same."
    />,
  );
}

/** The invitation of a client made from a lead: subject `Your client portal at {company}`. */
export function renderInvitation(data: AccountLinkData): Promise<RenderedEmail> {
  const subject = `Your client portal at ${company.name}`;
  return renderEmail(
    subject,
    <AccountLink
      {...data}
      subject={subject}
      lines={[
        `${company.name} has opened a client portal account for you, where you can follow your projects and talk to the team.`,
        'To set up your sign-in (a password or a passkey), open this link within the next 72 hours (it works once):',
      ]}
      button="Set up my portal"
      footer="After that you sign in at the portal with this email address and your password or passkey."
    />,
  );
}

/**
 * The invitation of a person to a client's team (docs/product.md#client-teams): subject
 * `{inviter} invited you to {business}'s client portal`; the link works once, within 7 days, to
 * set a name and a password or a passkey.
 */
export function renderTeamInvitation(
  data: AccountLinkData & { inviter: string; business: string; role: string },
): Promise<RenderedEmail> {
  const subject = `${data.inviter} invited you to ${data.business}'s client portal`;
  return renderEmail(
    subject,
    <AccountLink
      name={data.name}
      link={data.link}
      subject={subject}
      lines={[
        `${data.inviter} has invited you to join ${data.business} in ${company.name}'s client portal, as ${data.role}.`,
        'To accept and set up your sign-in (a password or a passkey), open this link within the next 7 days (it works once):',
      ]}
      button="Accept the invitation"
      footer="After that you sign in at the portal with this email address and your password or passkey."
    />,
  );
}

/**
 * The confirmation of a self-registered account's email: subject `Confirm your email`; the link
 * signs the client in once, within `hours` hours, and confirms the address.
 */
export function renderEmailConfirmation(data: AccountLinkData & { hours: number }): Promise<RenderedEmail> {
  const subject = 'Confirm your email';
  return renderEmail(
    subject,
    <AccountLink
      name={data.name}
      link={data.link}
      subject={subject}
      lines={[
        `Thank you for creating a client portal account at ${company.name}.`,
        `To confirm that this address is yours, open this link within the next ${data.hours} hours (it works once and signs you in):`,
      ]}
      button="Confirm my email"
      footer="If you did not create this account, you can ignore this email: an account that is not confirmed is deleted after 7 days."
    />,
  );
}
