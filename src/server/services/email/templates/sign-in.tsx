/**
 * The emails of signing in (docs/product.md#sign-in-security): a sign-in link a client asked for,
 * an invitation to join the staff, and the notice sent when a way of signing in changes (a
 * password, two-step verification, a passkey) so that a person learns at once of a change they
 * did not make. HTML and plain text, through the shared layout.
 */
import { Heading, Text } from '@react-email/components';
import { company } from '../../../../shared/company.ts';
import { AccountLink, type AccountLinkData } from './account-links.tsx';
import { FooterText, Layout, renderEmail, text } from './layout.tsx';
import type { RenderedEmail } from './types.ts';

/** 'Email me a sign-in link': subject `Your sign-in link for the client portal`; `hours` it works. */
export function renderSignInLink(data: AccountLinkData & { hours: number }): Promise<RenderedEmail> {
  const subject = 'Your sign-in link for the client portal';
  return renderEmail(
    subject,
    <AccountLink
      {...data}
      subject={subject}
      button="Sign in"
      lines={[
        'Someone asked for a link to sign in to your client portal account.',
        `Open this link within the next ${data.hours} hours to sign in (it works once):`,
      ]}
      footer="If you did not ask for this, you can ignore this email: nobody can sign in without the link."
    />,
  );
}

/** A staff member's emailed sign-in link (15 minutes): subject `Your sign-in link for the dashboard`. */
export function renderStaffSignInLink(data: AccountLinkData): Promise<RenderedEmail> {
  const subject = 'Your sign-in link for the dashboard';
  return renderEmail(
    subject,
    <AccountLink
      {...data}
      subject={subject}
      button="Sign in"
      lines={[
        'Someone asked for a link to sign in to the dashboard.',
        'Open it within 15 minutes to sign in (it works once):',
      ]}
      footer="If you did not ask for this, you can ignore this email: nobody can sign in without the link."
    />,
  );
}

/** An owner's invitation: subject `Join the {company} team dashboard`. */
export function renderStaffInvitation(data: AccountLinkData & { invitedBy: string }): Promise<RenderedEmail> {
  const subject = `Join the ${company.name} team dashboard`;
  return renderEmail(
    subject,
    <AccountLink
      {...data}
      subject={subject}
      button="Accept the invitation"
      lines={[
        `${data.invitedBy} invited you to the ${company.name} dashboard, where the team runs clients, projects, messages and leads.`,
        'Open this link within the next 7 days to accept (it works once). You then sign in with Google, an emailed link or a passkey.',
      ]}
      footer="If you did not expect this, you can ignore this email."
    />,
  );
}

/** What changed, for the security notice. */
export type SecurityChange = 'password-changed' | 'two-step-on' | 'two-step-off' | 'passkey-added' | 'passkey-removed';

const CHANGES: Record<SecurityChange, { subject: string; line: string }> = {
  'password-changed': { subject: 'Your password was changed', line: 'The password of your account was changed.' },
  'two-step-on': {
    subject: 'A new sign-in method was added',
    line: 'Two-step verification with an authenticator app was turned on for your account.',
  },
  'two-step-off': {
    subject: 'Two-step verification was turned off',
    line: 'Two-step verification was turned off for your account.',
  },
  'passkey-added': { subject: 'A new sign-in method was added', line: 'A passkey was added to your account.' },
  'passkey-removed': { subject: 'A passkey was removed', line: 'A passkey was removed from your account.' },
};

/**
 * The notice of a change to how `name` signs in: what changed, that the other devices were
 * signed out, and what to do if it was not them.
 */
export function renderSecurityNotice(data: { name: string; change: SecurityChange; device: string }) {
  const { subject, line } = CHANGES[data.change];
  return renderEmail(
    subject,
    <Layout
      title={subject}
      preview={line}
      footer={<FooterText>{`A security notice from ${company.name}, sent whatever your email settings.`}</FooterText>}
    >
      <Heading as="h1" style={text.heading}>
        {subject}
      </Heading>
      <Text style={text.body}>Hello {data.name},</Text>
      <Text
        style={text.body}
      >{`${line} It was done from ${data.device}, and your other devices were signed out.`}</Text>
      <Text style={text.body}>{`If this was not you, reset your password and contact ${company.email} at once.`}</Text>
    </Layout>,
  );
}
