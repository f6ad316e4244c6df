/**
 * Request bodies that are not UTF-8 (docs/product.md#api, docs/product.md#errors): a JSON body
 * holding bytes that no UTF-8 text has answers 400 `bad_request` and changes nothing, on every
 * route that takes a body; a body of valid multi-byte UTF-8 is read as sent.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, contactSubmissions } from '../../db/schema/index.ts';
import { bearer, createTestApi, errorOf, type TestApi } from './helpers.ts';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await api.close();
});

const NOT_UTF8 = { code: 'bad_request', message: 'The request body is not valid UTF-8 text' };

/** `before`, then `bytes`, then `after`, as one body: JSON text around raw bytes. */
function bodyWith(before: string, bytes: number[], after: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]));
}

/** A lead whose name is `Bad `, then `bytes`, then ` Bytes`. */
function leadWithNameBytes(bytes: number[]): Uint8Array<ArrayBuffer> {
  const rest =
    '", "email": "bytes@example.com", "message": "A lead with odd bytes.", "howDidYouFindUs": "google-search"}';
  return bodyWith('{"name": "Bad ', bytes, ` Bytes${rest}`);
}

/** POSTs `body` as JSON to /api/contact from a new address; raw, since the typed client sends only strings. */
function postLead(body: Uint8Array<ArrayBuffer>) {
  return api.raw(
    '/api/contact',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    api.nextAddress(),
  );
}

async function leadCount(): Promise<number> {
  const [row] = await api.db.read.select({ n: count() }).from(contactSubmissions);
  return row?.n ?? 0;
}

async function newClient() {
  const response = await api.fresh().client.register.$post({
    json: { name: 'Morgan Bytes', email: `bytes-${Date.now()}-${Math.random()}@example.com`, password: 'secret-pass' },
  });
  expect(response.status).toBe(201);
  const { token, client } = await response.json();
  return { token, id: client.id };
}

async function nameOf(clientId: string): Promise<string | undefined> {
  const [row] = await api.db.read.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return row?.name;
}

describe('a JSON body that is not UTF-8', () => {
  it.each([
    ['the bytes ff fe', [0xff, 0xfe]],
    ['a sequence cut short (the first two bytes of 日)', [0xe6, 0x97]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['a UTF-16 surrogate encoded as UTF-8', [0xed, 0xa0, 0x80]],
  ])('POST /api/contact answers 400 for %s and stores nothing', async (_label, bytes) => {
    const before = await leadCount();
    const response = await postLead(leadWithNameBytes(bytes));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual(NOT_UTF8);
    expect(await leadCount()).toBe(before);
  });

  it('PATCH /api/client/profile (signed in) answers 400 and keeps the profile as it was', async () => {
    const { token, id } = await newClient();
    // Raw: the typed client cannot send bytes that are not UTF-8.
    const response = await api.raw('/api/client/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...bearer(token).headers },
      body: bodyWith('{"name": "Bad ', [0xff, 0xfe], ' Bytes"}'),
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual(NOT_UTF8);
    expect(await nameOf(id)).toBe('Morgan Bytes');
  });

  it('POST /api/client/register answers 400 and creates no account', async () => {
    const email = `not-utf8-${Date.now()}@example.com`;
    const response = await api.raw(
      '/api/client/register',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bodyWith('{"name": "Bad ', [0xff], ` Bytes", "email": "${email}", "password": "secret-pass"}`),
      },
      api.nextAddress(),
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual(NOT_UTF8);
    expect(await api.db.read.select().from(clients).where(eq(clients.email, email))).toEqual([]);
  });
});

describe('a JSON body of valid multi-byte UTF-8', () => {
  it('POST /api/contact stores "Zoë 日本" as sent', async () => {
    // The body as UTF-8 bytes: "ë" is 2 bytes, each of "日本…" 3.
    const response = await postLead(
      new TextEncoder().encode(
        JSON.stringify({
          name: 'Zoë 日本',
          email: 'zoe@example.com',
          message: 'Une boulangerie à Newark, 日本語も大丈夫です。',
          howDidYouFindUs: 'google-search',
        }),
      ),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ name: 'Zoë 日本', message: 'Une boulangerie à Newark, 日本語も大丈夫です。' });
  });

  it('PATCH /api/client/profile (signed in) saves "Zoë 日本"', async () => {
    const { token, id } = await newClient();
    const response = await api.http.client.profile.$patch({ json: { name: 'Zoë 日本' } }, bearer(token));
    expect(response.status).toBe(200);
    expect((await response.json()).client.name).toBe('Zoë 日本');
    expect(await nameOf(id)).toBe('Zoë 日本');
  });
});
