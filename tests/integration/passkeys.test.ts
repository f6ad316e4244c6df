/**
 * Passkeys (docs/product.md#sign-in-security), with a software authenticator: register and sign in
 * for a client and for staff; a passkey counts as both factors; a wrong origin, a spent challenge,
 * a counter that went backwards (a cloned authenticator) and an unknown passkey answer 400, never
 * 500; removing a passkey ends the other sessions and emails the person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { softPasskey } from '../support/soft-authenticator.ts';
import { bearer, createTestApi, errorOf, signedIn, type TestApi } from './helpers.ts';

const SITE = 'https://studio.example.com';
const STAFF = 'owner@firststatewebstudio.com';
let api: TestApi;
let staffToken: string;
beforeAll(async () => {
  api = await createTestApi({ env: { AUTH_RATE_LIMIT: '1000', SITE_URL: SITE, ADMIN_EMAILS: STAFF } });
  staffToken = await api.signInStaff(STAFF);
});
afterAll(async () => {
  await api.close();
});

let seq = 0;
async function newClient() {
  const email = `passkey-${++seq}-${Date.now()}@example.com`;
  const registered = await api
    .fresh()
    .client.register.$post({ json: { name: 'Key Client', email, password: 'secret-pass' } });
  const { token, client } = await registered.json();
  return { token, id: client.id, email };
}

/** Registers a soft passkey for the client with `token`; returns it. */
async function addPasskey(token: string, origin = SITE) {
  const key = softPasskey('studio.example.com');
  const options = await (await api.http.client.passkeys['registration-options'].$post({}, bearer(token))).json();
  const verified = await api.http.client.passkeys.registration.verify.$post(
    { json: { response: key.register(options, origin), name: 'Work laptop' } },
    bearer(token),
  );
  return { key, verified };
}

async function signInWith(key: ReturnType<typeof softPasskey>, counter: number, origin = SITE) {
  const options = await (await api.fresh().client.passkeys['authentication-options'].$post()).json();
  return api
    .fresh()
    .client.passkeys.authentication.verify.$post({ json: { response: key.sign(options, origin, counter) } });
}

describe('client passkeys', () => {
  it('registers a passkey, lists it, and signs in with it even when two-step verification is on', async () => {
    const { token, id } = await newClient();
    const { key, verified } = await addPasskey(token);
    expect(verified.status).toBe(201);
    expect(await verified.json()).toMatchObject({ id: key.id, name: 'Work laptop' });
    const list = await (await api.http.client.passkeys.$get({}, bearer(token))).json();
    expect(list.map((p) => p.name)).toEqual(['Work laptop']);

    const first = await signInWith(key, 1);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toContain('client_session=');
    expect(((await first.json()) as { client: { id: string } }).client.id).toBe(id);
    const renamed = await api.http.client.passkeys[':id'].$patch(
      { param: { id: key.id }, json: { name: 'Phone' } },
      bearer(token),
    );
    expect(await renamed.json()).toEqual({ id: key.id, name: 'Phone' });
  });

  it('refuses a wrong origin, a spent challenge, a counter that went backwards and an unknown passkey with 400', async () => {
    const { token } = await newClient();
    const wrongOrigin = await addPasskey(token, 'https://evil.example');
    expect(wrongOrigin.verified.status).toBe(400);
    expect((await errorOf(wrongOrigin.verified)).code).toBe('passkey_failed');

    const { key } = await addPasskey(token);
    expect((await signInWith(key, 5)).status).toBe(200);
    // The same counter again, or a lower one: a cloned authenticator.
    const cloned = await signInWith(key, 5);
    expect(cloned.status).toBe(400);
    expect((await errorOf(cloned)).message).toBe('This passkey could not be verified. Please try again.');
    expect((await signInWith(key, 3)).status).toBe(400);
    expect((await signInWith(key, 6, 'https://evil.example')).status).toBe(400);

    // A challenge works once.
    const options = await (await api.fresh().client.passkeys['authentication-options'].$post()).json();
    const once = await api
      .fresh()
      .client.passkeys.authentication.verify.$post({ json: { response: key.sign(options, SITE, 7) } });
    expect(once.status).toBe(200);
    const twice = await api
      .fresh()
      .client.passkeys.authentication.verify.$post({ json: { response: key.sign(options, SITE, 8) } });
    expect(twice.status).toBe(400);

    const stranger = softPasskey('studio.example.com');
    expect((await signInWith(stranger, 1)).status).toBe(400);
    // A body that is not a WebAuthn response at all is a validation error, not a crash.
    const junk = await api.raw('/api/client/passkeys/authentication/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: { id: 'x', rawId: 'x', type: 'public-key', response: 'nope' } }),
    });
    expect(junk.status).toBe(400);
  });

  it('removing a passkey ends the other sessions and emails the person; it no longer signs in', async () => {
    const { token, email } = await newClient();
    const { key } = await addPasskey(token);
    const other = signedIn(
      await (await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } })).json(),
    );
    const before = api.outbox().length;
    const removed = await api.http.client.passkeys[':id'].$delete({ param: { id: key.id } }, bearer(token));
    expect(removed.status).toBe(200);
    expect((await api.http.client.me.$get({}, bearer(other.token))).status).toBe(401);
    expect((await api.http.client.me.$get({}, bearer(token))).status).toBe(200);
    await api.deliver();
    expect(api.outbox().slice(before).join('\n')).toContain('A passkey was removed');
    expect((await signInWith(key, 10)).status).toBe(400);
    expect((await api.http.client.passkeys[':id'].$delete({ param: { id: key.id } }, bearer(token))).status).toBe(404);
  });
});

describe('staff passkeys', () => {
  it('staff register a passkey and sign in with it; a client passkey never opens the dashboard', async () => {
    const key = softPasskey('studio.example.com');
    const options = await (await api.http.admin.passkeys['registration-options'].$post({}, bearer(staffToken))).json();
    const verified = await api.http.admin.passkeys.registration.verify.$post(
      { json: { response: key.register(options, SITE), name: 'Office key' } },
      bearer(staffToken),
    );
    expect(verified.status).toBe(201);
    const signInOptions = await (await api.fresh().admin.passkeys['authentication-options'].$post()).json();
    const signIn = await api.fresh().admin.passkeys.authentication.verify.$post({
      json: { response: key.sign(signInOptions, SITE, 1) },
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ user: { username: STAFF } });

    const { token } = await newClient();
    const { key: clientKey } = await addPasskey(token);
    const staffOptions = await (await api.fresh().admin.passkeys['authentication-options'].$post()).json();
    const crossed = await api.fresh().admin.passkeys.authentication.verify.$post({
      json: { response: clientKey.sign(staffOptions, SITE, 1) },
    });
    expect(crossed.status).toBe(400);
  });
});
