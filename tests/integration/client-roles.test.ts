/**
 * Every signed-in route of the portal checks the member's role on the server
 * (docs/product.md#client-teams), checked from the app's own route list (`app.routes`), as the
 * guard of each area is (unauthorized-routes.test.ts): each route must be named below as open to
 * every role, to the roles that see a project's work (owner, member), to those who decide on a
 * proposal or pay the invoices (owner, billing), or to owners only, and a
 * route that is not named fails the test, so a new route is classified the day it is mounted.
 *
 * Each route is called with a session of each role; a role the route is not for gets 403
 * `forbidden_role`, any other gets an answer that is not 403 (a dummy id gives 404, an empty body
 * 422: what matters is that the role check let it through). Writes send `{}` as JSON with the
 * site's own Origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../src/server/services/clients/clients.ts';
import { insertMember } from '../../src/server/services/clients/members.ts';
import { createSession } from '../../src/server/services/sign-in/sessions.ts';
import { createTestApi } from './helpers.ts';
import type { ClientRole } from '../../src/shared/team.ts';

/** The portal's routes that answer without a session (unauthorized-routes.test.ts says why). */
const PUBLIC_ROUTES = new Set([
  'GET /api/client/registration',
  'POST /api/client/register',
  'POST /api/client/login',
  'POST /api/client/logout',
  'POST /api/client/sign-in-link',
  'POST /api/client/sign-in-link/redeem',
  'POST /api/client/login/second-factor',
  'POST /api/client/passkeys/authentication-options',
  'POST /api/client/passkeys/authentication/verify',
  'POST /api/client/passkeys/authentication-options/verify',
  'POST /api/client/password-link',
  'POST /api/client/invitation/accept',
  'POST /api/client/invitations/accept',
  'POST /api/client/invitation/new-link',
  'POST /api/client/password-reset',
  'POST /api/client/password-reset/confirm',
]);

/** A project's work: its page, messages, files and approvals. Owners and members; never billing. */
const WORK_ROUTES = [
  'GET /api/client/projects/:projectId',
  'POST /api/client/projects/:projectId/communications',
  'POST /api/client/projects/:projectId/communications/read',
  'POST /api/client/projects/:projectId/files',
  'GET /api/client/projects/:projectId/files',
  'DELETE /api/client/files/:id',
  'GET /api/client/approvals',
  'POST /api/client/approvals/:approvalId/decision',
];

/** Deciding on a proposal (docs/product.md#proposals): owners and billing members; never a member. */
const SIGNING_ROUTES = ['POST /api/client/proposals/:id/accept', 'POST /api/client/proposals/:id/decline'];

/** Invoices, payments and the plan (docs/product.md#invoices): those who pay, owners and billing members; never a member. */
const BILLING_ROUTES = [
  'GET /api/client/invoices',
  'GET /api/client/invoices/:id',
  'GET /api/client/invoices/:id/pdf',
  'POST /api/client/invoices/:id/checkout',
  'POST /api/client/plan/cancel',
  'POST /api/client/plan/update-card',
];

/** Managing the team: owners only. */
const OWNER_ROUTES = [
  'POST /api/client/team/invitations',
  'PATCH /api/client/team/members/:memberId',
  'DELETE /api/client/team/members/:memberId',
];

/** The person's own account, the project list, the team list and the live stream: every role. */
const EVERY_ROLE_ROUTES = [
  'GET /api/client/me',
  'PATCH /api/client/profile',
  'PUT /api/client/notifications',
  'POST /api/client/password',
  'POST /api/client/confirmation-email',
  'GET /api/client/projects',
  'POST /api/client/export',
  'GET /api/client/exports',
  'GET /api/client/team',
  'GET /api/client/proposals',
  'GET /api/client/proposals/:id',
  'GET /api/client/sessions',
  'DELETE /api/client/sessions/:id',
  'DELETE /api/client/sessions',
  'GET /api/client/totp',
  'POST /api/client/totp/setup',
  'POST /api/client/totp/confirm',
  'POST /api/client/totp/recovery-codes',
  'POST /api/client/totp/disable',
  'GET /api/client/passkeys',
  'POST /api/client/passkeys/registration-options',
  'POST /api/client/passkeys/registration/verify',
  'POST /api/client/passkeys/registration-options/verify',
  'PATCH /api/client/passkeys/:id',
  'DELETE /api/client/passkeys/:id',
  'GET /api/client/stream',
];

const ROLES: readonly ClientRole[] = ['owner', 'member', 'billing'];
const allowed = (route: string): readonly ClientRole[] =>
  WORK_ROUTES.includes(route)
    ? ['owner', 'member']
    : SIGNING_ROUTES.includes(route) || BILLING_ROUTES.includes(route)
      ? ['owner', 'billing']
      : OWNER_ROUTES.includes(route)
        ? ['owner']
        : ROLES;

const api = await createTestApi({ env: { AUTH_RATE_LIMIT: '100000' } });
afterAll(async () => {
  await api.close();
});

const signedIn = api.app.routes
  .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/client/'))
  .map((route) => `${route.method} ${route.path}`)
  .filter((route, i, all) => all.indexOf(route) === i && !PUBLIC_ROUTES.has(route));

/** One signed-in session of each role, all of one client. */
const tokens = {} as Record<ClientRole, string>;

beforeAll(async () => {
  const client = await insertClient(api.db, { name: 'Role Owner', email: 'owner@roles.example', passwordHash: 'x' });
  tokens.owner = (await createSession(api.db, 'client', client.owner.id)).token;
  for (const role of ['member', 'billing'] as const) {
    const person = await api.db.write((tx) =>
      insertMember(tx, {
        clientId: client.id,
        name: `Role ${role}`,
        email: `${role}@roles.example`,
        role,
        passwordHash: 'x',
        joinedAt: new Date(),
      }),
    );
    tokens[role] = (await createSession(api.db, 'client', person.id)).token;
  }
});

/** Calls `route` with `token` as a browser would, with dummy ids; resolves with the status and body. */
async function call(route: string, token: string) {
  const [method, path] = route.split(' ') as [string, string];
  const write = method !== 'GET';
  const controller = new AbortController();
  const response = await api.raw(path.replace(/:[^/]+/g, 'some-id'), {
    method,
    signal: controller.signal,
    headers: {
      authorization: `Bearer ${token}`,
      ...(write ? { 'content-type': 'application/json', origin: new URL(api.env.SITE_URL).origin } : {}),
    },
    body: write ? '{}' : undefined,
  });
  // A stream stays open: its status is what counts.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    controller.abort();
    return { status: response.status, code: undefined };
  }
  const text = await response.text();
  const code = text.startsWith('{') ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
  return { status: response.status, code };
}

describe('the portal’s route list', () => {
  it('names every signed-in route in exactly one of the role lists, and only routes that exist', () => {
    const named = [...WORK_ROUTES, ...SIGNING_ROUTES, ...BILLING_ROUTES, ...OWNER_ROUTES, ...EVERY_ROLE_ROUTES];
    expect(signedIn.filter((route) => !named.includes(route))).toEqual([]);
    expect(named.filter((route) => !signedIn.includes(route))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });
});

describe.each(ROLES)('a %s', (role) => {
  it.each(signedIn)(`%s answers by the role`, async (route) => {
    const { status, code } = await call(route, tokens[role]);
    if (allowed(route).includes(role)) {
      expect(status, `${route} as ${role}`).not.toBe(403);
      expect(status, `${route} as ${role}`).not.toBe(401);
    } else {
      expect({ status, code }, `${route} as ${role}`).toEqual({ status: 403, code: 'forbidden_role' });
    }
  });

  it('opens a file only with a role that sees a project’s work (GET /api/files/:id)', async () => {
    const { status, code } = await call('GET /api/files/:id', tokens[role]);
    if (role === 'billing') expect({ status, code }).toEqual({ status: 403, code: 'forbidden_role' });
    else expect(status).toBe(404);
  });
});
