/**
 * A client made from a lead is invited (docs/product.md#invitations): the link lands on a welcome
 * page, sets a first password (or none, for a passkey) and signs the client in; a used or
 * expired one says so and a new one can be asked for; staff can send one again until the client
 * has set up the account.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminEvents, clients, singleUseTokens } from '../../db/schema/index.ts';
import { primaryOwner } from '../../src/server/services/clients/members.ts';
import { hashToken } from '../../src/server/services/single-use-tokens.ts';
import { sweepTokens } from '../../src/server/services/single-use-token-subjects.ts';
import { createPasswordResetToken } from '../../src/server/services/sign-in/password-resets.ts';
import { cookiesOf, errorOf, withCookie, withStaffApi } from './helpers.ts';

const STAFF = 'owner@example.com';
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com' });

/**
 * An email to `email` whose subject starts with `subject` (with its quoted-printable undone), other
 * than those carrying one of `seen` (the outbox's files are in no particular order).
 */
function mailTo(email: string, subject: string, seen: string[] = []): string {
  const found = suite.api
    .outbox()
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .find((m) => m.includes(`To: ${email}`) && m.includes(`Subject: ${subject}`) && !seen.some((s) => m.includes(s)));
  if (!found) throw new Error(`no "${subject}" email to ${email}`);
  return found;
}

const tokenIn = (mail: string, page: string) => new RegExp(`${page}#token=([\\w-]+)`).exec(mail)?.[1] ?? '';

/** A lead converted to a client by staff; resolves with the client's id and its invitation's token. */
async function invitedClient(name: string, email: string) {
  const { api } = suite;
  const lead = await api
    .fresh()
    .contact.$post({ json: { name, email, message: 'A new site', howDidYouFindUs: 'other' } });
  const { id } = (await lead.json()) as { id: string };
  const converted = await api.http.admin['contact-submissions'][':id'].convert.$post(
    { param: { id }, json: {} },
    suite.staff(),
  );
  expect(converted.status).toBe(201);
  const { client } = await converted.json();
  await api.deliver();
  const owner = await primaryOwner(api.db.read, client.id);
  return { clientId: client.id, ownerId: owner!.id, token: tokenIn(mailTo(email, 'Your client portal'), 'welcome') };
}

const describeLink = (token: string) => suite.api.fresh().client['password-link'].$post({ json: { token } });
const accept = (token: string, password?: string) =>
  suite.api.fresh().client.invitation.accept.$post({ json: { token, ...(password ? { password } : {}) } });

describe('accepting an invitation', () => {
  it('lands on the welcome page by name, sets the first password and signs the client in', async () => {
    const { token } = await invitedClient('Dana Welcome', 'dana@example.com');
    expect(token).not.toBe('');
    expect(await (await describeLink(token)).json()).toEqual({
      state: 'usable',
      purpose: 'invitation',
      name: 'Dana Welcome',
      // A client's own invitation from staff, not an invitation to a team.
      team: null,
      redirectPath: null,
    });

    const accepted = await accept(token, 'quiet-harbour-47');
    expect(accepted.status).toBe(200);
    const body = await accepted.json();
    expect(body).toMatchObject({ twoFactorRequired: false, client: { name: 'Dana Welcome', confirmed: true } });
    // Signed in by the acceptance: the cookie opens the portal at once.
    const me = await suite.api.http.client.me.$get({}, withCookie(cookiesOf(accepted)));
    expect(me.status).toBe(200);
    // And the password works from now on.
    const login = await suite.api.fresh().client.login.$post({
      json: { email: 'dana@example.com', password: 'quiet-harbour-47' },
    });
    expect(login.status).toBe(200);

    const again = await accept(token, 'quiet-harbour-48');
    expect(again.status).toBe(410);
    expect(await errorOf(again)).toEqual({
      code: 'invitation_used',
      message: 'This invitation has already been used. Sign in with your password or passkey.',
    });
    expect((await (await describeLink(token)).json()).state).toBe('used');
  });

  it('signs in without a password for a client who sets up a passkey next', async () => {
    const { token, clientId } = await invitedClient('Pat Passkey', 'pat@example.com');
    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect((await suite.api.http.client.me.$get({}, withCookie(cookiesOf(accepted)))).status).toBe(200);
    // No password is set, and the owner has joined (a passkey follows).
    const owner = await primaryOwner(suite.api.db.read, clientId);
    expect(owner?.passwordHash).toBeNull();
    expect(owner?.joinedAt).toBeInstanceOf(Date);
    expect((await accept(token)).status).toBe(410);
  });

  it('refuses a common password with the reason, and leaves the invitation usable', async () => {
    const { token } = await invitedClient('Cody Common', 'cody@example.com');
    const weak = await accept(token, 'password1');
    expect(weak.status).toBe(422);
    const error = await errorOf(weak);
    expect(error.fields?.password).toMatch(/^This password is too common\. Choose another\. /);
    expect((await accept(token, 'quiet-harbour-47')).status).toBe(200);
  });

  it('says plainly that an expired invitation expired, and "Send me a new link" emails a fresh one', async () => {
    const { token, clientId } = await invitedClient('Eli Expired', 'eli@example.com');
    await suite.api.db.write((tx) =>
      tx
        .update(singleUseTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(singleUseTokens.tokenHash, hashToken(token))),
    );
    // The hourly sweep keeps an unused invitation, so the page can still say it expired.
    await sweepTokens(suite.api.db);
    expect(await (await describeLink(token)).json()).toEqual({
      state: 'expired',
      purpose: 'invitation',
      name: 'Eli Expired',
      // A client's own invitation from staff, not an invitation to a team.
      team: null,
      redirectPath: null,
    });
    const expired = await accept(token, 'quiet-harbour-47');
    expect(expired.status).toBe(410);
    expect(await errorOf(expired)).toEqual({
      code: 'invitation_expired',
      message: 'This invitation has expired. We can email you a new link.',
    });

    const before = suite.api.outbox().length;
    const asked = await suite.api.fresh().client.invitation['new-link'].$post({ json: { email: 'ELI@example.com' } });
    expect(asked.status).toBe(202);
    const unknown = await suite.api.fresh().client.invitation['new-link'].$post({
      json: { email: 'nobody@example.com' },
    });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await asked.json());
    await suite.api.deliver();
    expect(suite.api.outbox().length).toBe(before + 1);
    const fresh = tokenIn(mailTo('eli@example.com', 'Your client portal', [token]), 'welcome');
    expect(fresh).not.toBe('');
    expect((await accept(fresh, 'quiet-harbour-47')).status).toBe(200);
    const [row] = await suite.api.db.read.select().from(clients).where(eq(clients.id, clientId));
    expect(row?.confirmed).toBe(true);
  });

  it('counts a link from before invitations had their purpose as an invitation while no password is set', async () => {
    const { ownerId } = await invitedClient('Olga Older', 'olga@example.com');
    const legacy = await createPasswordResetToken(suite.api.db, ownerId, new Date(), 72 * 3_600_000);
    expect((await (await describeLink(legacy)).json()).purpose).toBe('invitation');
    expect((await accept(legacy, 'quiet-harbour-47')).status).toBe(200);
    // Once the password is set, a reset link is a reset, and the welcome page refuses it.
    const reset = await createPasswordResetToken(suite.api.db, ownerId);
    expect((await (await describeLink(reset)).json()).purpose).toBe('reset');
    expect((await accept(reset, 'quiet-harbour-48')).status).toBe(410);
  });
});

describe('Resend invitation', () => {
  const resend = (id: string) =>
    suite.api.http.admin.clients[':id']['resend-invitation'].$post({ param: { id } }, suite.staff());
  const status = (id: string) => suite.api.http.admin.clients[':id'].invitation.$get({ param: { id } }, suite.staff());

  it('sends a new invitation to a client who has not set up the account, says when, and records it', async () => {
    const { clientId } = await invitedClient('Rita Resend', 'rita@example.com');
    const first = await (await status(clientId)).json();
    expect(first).toMatchObject({ pending: true, lastSentAt: expect.any(String) });

    const sent = await resend(clientId);
    expect(sent.status).toBe(202);
    const { lastSentAt } = await sent.json();
    expect(new Date(lastSentAt).getTime()).toBeGreaterThanOrEqual(new Date(first.lastSentAt!).getTime());
    expect((await (await status(clientId)).json()).lastSentAt).toBe(lastSentAt);
    const events = await suite.api.db.read
      .select()
      .from(adminEvents)
      .where(and(eq(adminEvents.entityId, clientId), eq(adminEvents.action, 'update')));
    expect(events.map((e) => e.summary)).toContain('Sent Rita Resend a new portal invitation');

    await suite.api.deliver();
    const token = tokenIn(mailTo('rita@example.com', 'Your client portal'), 'welcome');
    expect(token).not.toBe('');
    expect((await accept(token, 'quiet-harbour-47')).status).toBe(200);

    const late = await resend(clientId);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe('already_set_up');
    expect((await (await status(clientId)).json()).pending).toBe(false);
  });

  it('answers 404 for an unknown client', async () => {
    expect((await resend('no-such-client')).status).toBe(404);
  });
});
