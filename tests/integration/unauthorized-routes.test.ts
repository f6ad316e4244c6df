/**
 * Every route of the staff and portal areas needs its session (docs/product.md#api, #sessions;
 * docs/decisions/0026-one-guard-per-area.md), checked from the app's own route list
 * (`app.routes`), so a new route is covered the day it is mounted.
 *
 * Each method and path under /api/admin and /api/client that is not in PUBLIC_ROUTES is called
 * without a session, and with the other area's session (a client's token on a staff route, a
 * staff member's on a portal route, as a bearer token and as that area's own cookie): each must
 * answer 401 in the error shape of docs/product.md#errors. Path parameters get a dummy id;
 * writes send `{}` as JSON with the site's own Origin (middleware/cross-site.ts), so the answer
 * is the guard's and not a refusal of the request's form. PUBLIC_ROUTES must name only routes
 * that exist and that do answer without a session. A path or method that no route knows still
 * answers 404 there, session or not (middleware/area-guard.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { bearer, createTestApi, withCookie } from './helpers.ts';

/** The routes of both areas that answer without a session, each for a reason. */
const PUBLIC_ROUTES = [
  // Staff sign-in (docs/product.md#admin-sign-in): how a staff session is made.
  'GET /api/admin/auth/config',
  'GET /api/admin/auth/google',
  'GET /api/admin/auth/google/callback',
  'POST /api/admin/auth/link',
  // The portal's registration and sign-in (docs/product.md#portal-sign-in).
  'GET /api/client/registration',
  'POST /api/client/register',
  'POST /api/client/login',
  // A client's invitation (docs/product.md#invitations): the client has no session yet.
  'POST /api/client/password-link',
  'POST /api/client/invitation/accept',
  'POST /api/client/invitation/new-link',
  // A person invited to a client's team (docs/product.md#client-teams) has no session yet either.
  'POST /api/client/invitations/accept',
  // A forgotten password (docs/product.md#password-reset): the client has no session to use.
  'POST /api/client/password-reset',
  'POST /api/client/password-reset/confirm',
  // Sign-in without a password (docs/product.md#sign-in-security): an emailed link, the second
  // step of a sign-in, a passkey. Each is how a session is made.
  'POST /api/client/sign-in-link',
  'POST /api/client/sign-in-link/redeem',
  'POST /api/client/login/second-factor',
  'POST /api/client/passkeys/authentication-options',
  'POST /api/client/passkeys/authentication/verify',
  'POST /api/client/passkeys/authentication-options/verify',
  'POST /api/admin/login/second-factor',
  'POST /api/admin/passkeys/authentication-options',
  'POST /api/admin/passkeys/authentication/verify',
  'POST /api/admin/passkeys/authentication-options/verify',
  // A staff invitation is accepted before the person has any session; staff ask for a link by email.
  'POST /api/admin/invitations/accept',
  'POST /api/admin/auth/email-link',
  // Signing out answers 204 with or without a session, and clears the cookie either way.
  'POST /api/admin/logout',
  'POST /api/client/logout',
];

const STAFF = 'staff@firststatewebstudio.com';

const api = await createTestApi({ env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000' } });
afterAll(async () => {
  await api.close();
});

/** Every `METHOD /path` the app serves under one of the two areas, once each (middleware left out). */
const areaRoutes = [
  ...new Set(
    api.app.routes
      .filter((route) => route.method !== 'ALL' && /^\/api\/(admin|client)\//.test(route.path))
      .map((route) => `${route.method} ${route.path}`),
  ),
];
const guarded = areaRoutes.filter((route) => !PUBLIC_ROUTES.includes(route));

const SIGN_IN_AGAIN = { admin: 'Please sign in as staff to continue', client: 'Please sign in to continue' };
const areaOf = (route: string) => (route.split(' ')[1]!.startsWith('/api/admin/') ? 'admin' : 'client');

/** Calls `route` as a browser of the site would, with `headers` added. */
function call(route: string, headers: Record<string, string> = {}) {
  const [method, path] = route.split(' ') as [string, string];
  const url = path.replace(/:[^/]+/g, 'some-id');
  const write = method !== 'GET' && method !== 'HEAD';
  const origin = new URL(api.env.SITE_URL).origin;
  return api.raw(url, {
    method,
    headers: { ...(write ? { 'content-type': 'application/json', origin } : {}), ...headers },
    body: write ? '{}' : undefined,
  });
}

/** A signed-in staff member's and a signed-in client's tokens. */
let tokens: { staff: string; client: string };

beforeAll(async () => {
  const link = await createSignInLink(api.db, STAFF);
  const signedIn = await api.fresh().admin.auth.link.$post({ json: { token: link } });
  const staff = decodeURIComponent(/admin_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '');
  const registered = await api.fresh().client.register.$post({
    json: { name: 'Guarded Client', email: 'guarded-client@example.com', password: 'secret-pass' },
  });
  tokens = { staff, client: (await registered.json()).token };
  // Both open their own area: a 401 below is the guard refusing the wrong kind, not a bad token.
  expect((await api.http.admin.me.$get({}, bearer(tokens.staff))).status).toBe(200);
  expect((await api.http.client.me.$get({}, bearer(tokens.client))).status).toBe(200);
});

describe('the route list', () => {
  it('holds both areas, and every public route in it', () => {
    expect(guarded).toContain('GET /api/admin/clients');
    expect(guarded).toContain('GET /api/client/projects/:projectId');
    expect(PUBLIC_ROUTES.filter((route) => !areaRoutes.includes(route))).toEqual([]);
  });

  it.each(PUBLIC_ROUTES)('%s answers without a session', async (route) => {
    const response = await call(route);
    expect(response.status).not.toBe(401);
  });
});

describe('every other route of /api/admin and /api/client', () => {
  it.each(guarded)('%s answers 401 without a session and with the other area’s session', async (route) => {
    const area = areaOf(route);
    const unauthorized = { error: { code: 'unauthorized', message: SIGN_IN_AGAIN[area] } };
    const { staff, client } = tokens;
    const other =
      area === 'admin'
        ? [bearer(client).headers, withCookie(`client_session=${client}`).headers]
        : [bearer(staff).headers, withCookie(`admin_session=${staff}`).headers];
    for (const headers of [{}, ...other]) {
      const response = await call(route, headers);
      expect(response.status, `${route} with ${JSON.stringify(headers)}`).toBe(401);
      expect(await response.json()).toEqual(unauthorized);
    }
  });
});

describe('what no route of the two areas answers', () => {
  it.each([
    ['GET', '/api/admin/no-such-route'],
    ['GET', '/api/client/no-such-route'],
    ['DELETE', '/api/admin/summary'],
    ['PROPFIND', '/api/client/projects'],
  ])('%s %s answers 404 without a session, as with one', async (method, path) => {
    const notFound = { error: { code: 'not_found', message: 'No such API endpoint' } };
    const session = path.startsWith('/api/admin/') ? bearer(tokens.staff) : bearer(tokens.client);
    for (const headers of [{}, session.headers]) {
      const response = await api.raw(path, { method, headers });
      expect(response.status, `${method} ${path} with ${JSON.stringify(headers)}`).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
  });
});
