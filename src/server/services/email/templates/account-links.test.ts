import { describe, expect, it } from 'vitest';
import { renderEmailConfirmation, renderInvitation, renderPasswordReset } from './account-links.tsx';

const link = 'https://example.com/portal/reset-password#token=abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnop';

describe('the emails that carry a link to choose a password (docs/product.md#password-reset)', () => {
  it('the reset email: its subject, the hour it lasts and the link, in both parts', async () => {
    const email = await renderPasswordReset({ name: 'Maria Costa', link });
    expect(email.subject).toBe('Reset your client portal password');
    expect(email.text).toContain('Hello Maria Costa,');
    expect(email.text).toContain('within the next hour (it works once)');
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link}"`);
  });

  it('the invitation: its subject and the 72 hours it lasts', async () => {
    const email = await renderInvitation({ name: 'Maria Costa', link });
    expect(email.subject).toBe('Your client portal at First State Web Studio');
    expect(email.text).toContain('within the next 72 hours (it works once)');
    expect(email.text).toContain(link);
  });

  it('the invitation offers a password or a passkey, not a password reset', async () => {
    const welcome = 'https://example.com/portal/welcome#token=abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnop';
    const email = await renderInvitation({ name: 'Maria Costa', link: welcome });
    expect(email.text).toContain('(a password or a passkey)');
    expect(email.text).not.toMatch(/reset/i);
    expect(email.html).toContain('Set up my portal');
  });

  it('the confirmation of a registered email: its subject, the hours it lasts and the link', async () => {
    const email = await renderEmailConfirmation({ name: 'Maria Costa', link, hours: 72 });
    expect(email.subject).toBe('Confirm your email');
    expect(email.text).toContain('Hello Maria Costa,');
    expect(email.text).toContain('within the next 72 hours (it works once and signs you in)');
    expect(email.text).toContain('deleted after 7 days');
    expect(email.text).toContain(link);
  });

  it('lets the written-out link break anywhere, so it never widens the email on a phone', async () => {
    const email = await renderPasswordReset({ name: 'Maria Costa', link });
    const paragraph = email.html.slice(0, email.html.indexOf(`>${link}</a>`));
    expect(paragraph.slice(paragraph.lastIndexOf('<p'))).toContain('word-break:break-all');
  });
});
