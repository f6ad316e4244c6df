/**
 * No body, however malformed, makes the API fail (docs/product.md#errors): every route that takes
 * a body (POST, PUT, PATCH, DELETE under /api, from the app's own route list, so a new route is
 * covered the day it is mounted) is sent bodies drawn by fast-check: text that is not JSON, JSON
 * of every type, and objects with the API's usual field names holding values of the wrong kind.
 * Each is sent with the session of the route's area (staff, client, or none for the public
 * routes). Every answer must be below 500 and, when it refuses, in the error shape
 * `{error: {code, message}}`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { createTestApi } from './helpers.ts';

const STAFF = 'fuzz@firststatewebstudio.com';
const api = await createTestApi({ env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '100000' } });
afterAll(async () => {
  await api.close();
});

/** Routes whose success ends the caller's session: sent last, so the others keep theirs. */
const ENDS_SESSION = /\/(logout|sessions\/others|erase)$/;

const routes = [
  ...new Set(
    api.app.routes
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path}`),
  ),
].sort((a, b) => Number(ENDS_SESSION.test(a)) - Number(ENDS_SESSION.test(b)));

/** Field names the API's bodies use, to reach past "not an object" into each field's own check. */
const FIELDS = [
  'token',
  'email',
  'name',
  'password',
  'currentPassword',
  'newPassword',
  'title',
  'subject',
  'message',
  'body',
  'purpose',
  'granted',
  'textVersion',
  'decision',
  'comment',
  'legalBasis',
  'clientId',
  'projectId',
  'milestoneId',
  'fileId',
  'status',
  'code',
  'challenge',
  'response',
  'attachments',
  'emailNotifications',
  'url',
  'role',
];

const bodies = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.anything({ maxDepth: 2 }), { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.constantFrom('{', '{"token":', '[]', 'null', '""', '{"email": null}', '{"__proto__": {"admin": true}}', ' '),
);

let tokens: { staff: string; client: string };
async function signIn() {
  const link = await createSignInLink(api.db, STAFF);
  const signedIn = await api.fresh().admin.auth.link.$post({ json: { token: link } });
  const staff = decodeURIComponent(/admin_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '');
  const registered = await api.fresh().client.register.$post({
    json: { name: 'Fuzz Client', email: `fuzz-${Date.now()}-${Math.random()}@example.com`, password: 'secret-pass' },
  });
  tokens = { staff, client: (await registered.json()).token };
}
beforeAll(signIn);

describe('every route that takes a body', () => {
  it('lists the routes of every area', () => {
    expect(routes).toContain('POST /api/client/export');
    expect(routes).toContain('POST /api/admin/clients/:id/export');
    expect(routes).toContain('POST /api/data-exports/download');
    expect(routes).toContain('POST /api/consent');
  });

  it.each(routes)('%s answers malformed bodies below 500, in the error shape', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
    const area = path.startsWith('/api/admin/') ? 'staff' : path.startsWith('/api/client/') ? 'client' : null;
    const origin = new URL(api.env.SITE_URL).origin;
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await api.raw(
          url,
          {
            method,
            headers: {
              'content-type': 'application/json',
              origin,
              ...(area ? { authorization: `Bearer ${tokens[area]}` } : {}),
            },
            body,
          },
          api.nextAddress(),
        );
        expect(response.status, `${route} with ${body}`).toBeLessThan(500);
        if (response.status >= 400) {
          const answer = (await response.json()) as { error: { code: unknown; message: unknown } };
          expect(typeof answer.error.code, `${route} with ${body}`).toBe('string');
          expect(typeof answer.error.message, `${route} with ${body}`).toBe('string');
        } else {
          await response.arrayBuffer();
        }
      }),
      { numRuns: 8, seed: 30 },
    );
    if (ENDS_SESSION.test(path)) await signIn();
  });
});
