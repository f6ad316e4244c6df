/**
 * Staff invitations and roles (docs/product.md#roles): an owner invites by email, the invitee
 * accepts once and is signed in, staff (not owners) cannot invite or remove, removing a member
 * ends their sessions at once, and staff can ask for a sign-in link by email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, errorOf, type TestApi } from './helpers.ts';

const OWNER = 'owner@firststatewebstudio.com';
let api: TestApi;
let ownerToken: string;
beforeAll(async () => {
  api = await createTestApi({
    env: { ADMIN_EMAILS: OWNER, AUTH_RATE_LIMIT: '1000', SITE_URL: 'https://studio.example.com' },
  });
  ownerToken = await api.signInStaff(OWNER);
});
afterAll(async () => {
  await api.close();
});

const decoded = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The token of the newest email that carries `#{key}=…`. */
async function tokenFromMail(key: string) {
  await api.deliver();
  const mails = api
    .outbox()
    .map(decoded)
    .filter((m) => m.includes(`#${key}=`));
  return new RegExp(`#${key}=([\\w-]+)`).exec(mails.at(-1) ?? '')?.[1] ?? '';
}

describe('invitations', () => {
  it('an owner invites; the invitee accepts once, is signed in as staff, and cannot invite', async () => {
    const invited = await api.http.admin.invitations.$post(
      { json: { email: 'New.Designer@Example.com', role: 'staff' } },
      bearer(ownerToken),
    );
    expect(invited.status).toBe(201);
    expect(await invited.json()).toMatchObject({ email: 'new.designer@example.com', role: 'staff', invitedBy: OWNER });
    const token = await tokenFromMail('token');
    expect(token).toBeTruthy();

    const accepted = await api.fresh().admin.invitations.accept.$post({ json: { token } });
    expect(accepted.status).toBe(200);
    const cookie = accepted.headers.get('set-cookie') ?? '';
    const session = decodeURIComponent(/admin_session=([^;]+)/.exec(cookie)?.[1] ?? '');
    const me = await (await api.http.admin.me.$get({}, bearer(session))).json();
    expect(me).toMatchObject({ username: 'new.designer@example.com', role: 'staff' });
    const again = await api.fresh().admin.invitations.accept.$post({ json: { token } });
    expect(again.status).toBe(410);

    const refused = await api.http.admin.invitations.$post(
      { json: { email: 'x@example.com', role: 'staff' } },
      bearer(session),
    );
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('owners_only');
    const twice = await api.http.admin.invitations.$post(
      { json: { email: 'new.designer@example.com', role: 'staff' } },
      bearer(ownerToken),
    );
    expect(twice.status).toBe(409);

    // The member can ask for a sign-in link by email.
    expect(
      (await api.fresh().admin.auth['email-link'].$post({ json: { email: 'new.designer@example.com' } })).status,
    ).toBe(202);
    const link = await tokenFromMail('link');
    const viaLink = await api.fresh().admin.auth.link.$post({ json: { token: link } });
    expect(viaLink.status).toBe(200);

    // Removing the member ends their sessions at once.
    const staff = await (await api.http.admin.staff.$get({}, bearer(ownerToken))).json();
    const member = staff.members.find((m) => m.email === 'new.designer@example.com')!;
    expect(member).toMatchObject({ role: 'staff', source: 'invitation' });
    const removed = await api.http.admin.staff[':id'].$delete({ param: { id: member.id! } }, bearer(ownerToken));
    expect(removed.status).toBe(200);
    expect((await api.http.admin.me.$get({}, bearer(session))).status).toBe(401);
    // An owner of ADMIN_EMAILS cannot be removed here.
    const owner = staff.members.find((m) => m.email === OWNER)!;
    expect((await api.http.admin.staff[':id'].$delete({ param: { id: owner.id! } }, bearer(ownerToken))).status).toBe(
      404,
    );
  });

  it('a sign-in link for an address that is not staff sends nothing, with the same answer', async () => {
    const before = api.outbox().length;
    expect((await api.fresh().admin.auth['email-link'].$post({ json: { email: 'stranger@example.com' } })).status).toBe(
      202,
    );
    await api.deliver();
    expect(api.outbox().length).toBe(before);
  });
});
