/**
 * The API refuses state-changing requests from another site (docs/product.md#security): every
 * POST, PUT, PATCH and DELETE route the app serves (read from the app's own route list, so a new
 * route is covered without touching this file) answers 403 to `Origin: http://evil.test` even
 * with valid session cookies, and changes nothing; from the site's own origin the same requests
 * are not refused by this check. The one-click unsubscribe stays open to mail providers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_MESSAGE } from '../../src/server/middleware/cross-site.ts';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { cookiesOf, createTestApi, errorOf, type TestApi } from './helpers.ts';

const ADMIN = 'owner@example.com';
const SITE = 'https://studio.example.com';
const EVIL = 'http://evil.test';

let api: TestApi;
/** Every session cookie at once: the client's, the staff member's and the blog editor's. */
let cookie: string;
let clientId: string;
let projectId: string;

beforeAll(async () => {
  api = await createTestApi({
    env: { SITE_URL: SITE, ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000', BLOG_ADMIN_PASSWORD: 'editor-password' },
  });
  const same = { 'content-type': 'application/json', origin: SITE };
  const registered = await api.raw('/api/client/register', {
    method: 'POST',
    headers: same,
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'secret-pass' }),
  });
  clientId = ((await registered.json()) as { client: { id: string } }).client.id;
  const staff = await api.raw('/api/admin/auth/link', {
    method: 'POST',
    headers: same,
    body: JSON.stringify({ token: await createSignInLink(api.db, ADMIN) }),
  });
  const editor = await api.raw('/api/blog-admin/unlock', {
    method: 'POST',
    headers: same,
    body: JSON.stringify({ password: 'editor-password' }),
  });
  cookie = [cookiesOf(registered), cookiesOf(staff), cookiesOf(editor)].join('; ');
  const project = await api.raw('/api/admin/projects', {
    method: 'POST',
    headers: { ...same, cookie },
    body: JSON.stringify({ clientId, title: 'New site', status: 'planning' }),
  });
  expect(project.status).toBe(201);
  projectId = ((await project.json()) as { id: string }).id;
});
afterAll(async () => {
  await api.close();
});

/** Every state-changing method and path of the app, once each, from its own route list. */
function stateChangingRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path } of api.app.routes) {
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/** The path with its parameters filled: the project and client made above, else a made-up id. */
function concrete(path: string): string {
  return path
    .replace(/\/projects\/:id\b/, `/projects/${projectId}`)
    .replace(':projectId', projectId)
    .replace(/\/clients\/:id\b/, `/clients/${clientId}`)
    .replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
}

function send(method: string, path: string, headers: Record<string, string>) {
  const withBody = method !== 'DELETE';
  return api.raw(concrete(path), {
    method,
    headers: { cookie, ...(withBody ? { 'content-type': 'application/json' } : {}), ...headers },
    body: withBody ? '{}' : undefined,
  });
}

/** Every row of every table, to show that a refused request wrote nothing. */
async function everyRow(): Promise<string> {
  const tables = await api.db.read.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  );
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const rows = await api.db.read.all(sql.raw(`select * from "${name}"`));
    dump[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(dump);
}

async function isCrossSiteRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const error = await errorOf(response);
  return error.code === 'forbidden' && error.message === CROSS_SITE_MESSAGE;
}

describe('cross-site requests', () => {
  it('covers the routes that change things (the list comes from the app)', () => {
    const routes = stateChangingRoutes().map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/contact', 'DELETE /api/admin/projects/:id', 'PATCH /api/client/profile']),
    );
  });

  it('refuses every state-changing route from another origin with 403, with valid cookies, changing nothing', async () => {
    const before = await everyRow();
    for (const { method, path } of stateChangingRoutes()) {
      if (method === 'POST' && path === '/api/unsubscribe') continue;
      const response = await send(method, path, { origin: EVIL });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(response), `${method} ${path}`).toEqual({ code: 'forbidden', message: CROSS_SITE_MESSAGE });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await everyRow()).toBe(before);
  });

  it('leaves reads alone and keeps the one-click unsubscribe open to other sites', async () => {
    const read = await api.raw('/api/client/me', { headers: { cookie, origin: EVIL } });
    expect(read.status).toBe(200);
    const unsubscribe = await api.raw('/api/unsubscribe?token=forged', {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.status).toBe(400);
    expect((await errorOf(unsubscribe)).code).toBe('invalid_unsubscribe_link');
  });

  // Last but one: from the site itself the requests do run (the logouts end the sessions).
  it('does not refuse the same requests from the site itself', async () => {
    for (const { method, path } of stateChangingRoutes()) {
      const response = await send(method, path, { origin: SITE });
      expect(await isCrossSiteRefusal(response), `${method} ${path} answered ${response.status}`).toBe(false);
    }
  });

  it('without an Origin, goes by Sec-Fetch-Site; with neither header, lets the request through', async () => {
    const statusWith = async (headers: Record<string, string>) => {
      const response = await send('PATCH', '/api/client/profile', headers);
      return (await isCrossSiteRefusal(response)) ? 'refused' : 'passed';
    };
    expect(await statusWith({ 'sec-fetch-site': 'cross-site' })).toBe('refused');
    expect(await statusWith({ 'sec-fetch-site': 'same-site' })).toBe('refused');
    expect(await statusWith({ 'sec-fetch-site': 'same-origin' })).toBe('passed');
    expect(await statusWith({ 'sec-fetch-site': 'none' })).toBe('passed');
    expect(await statusWith({})).toBe('passed');
    // An Origin decides when present, whatever Sec-Fetch-Site says; `null` is not the site's.
    expect(await statusWith({ origin: EVIL, 'sec-fetch-site': 'same-origin' })).toBe('refused');
    expect(await statusWith({ origin: 'null' })).toBe('refused');
    expect(await statusWith({ origin: 'https://studio.example.com:8443' })).toBe('refused');
    expect(await statusWith({ origin: 'http://studio.example.com' })).toBe('refused');
    // The address the request was sent to is the site's own too (as Astro's origin check has it).
    expect(await statusWith({ origin: 'http://localhost' })).toBe('passed');
  });
});
