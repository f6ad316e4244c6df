/**
 * The dashboard's lists on the server (GET /api/admin/clients, /projects, /communications and
 * /contact-submissions → {items, nextCursor, total}): keyset paging while rows are being added,
 * full-text search (prefixes, diacritics, several words, ranking, hostile input, the index kept
 * in step with updates and cascading deletes), every filter and sort, refused input, the bulk
 * status of leads, the streamed CSV export and the summary counters.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEvents,
  clientMembers,
  clients,
  communications,
  contactSubmissions,
  projects,
} from '../../db/schema/index.ts';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { bearer, createTestApi, errorOf, invalidBody, type TestApi } from './helpers.ts';

const ADMIN = 'lists-staff@firststatewebstudio.com';
let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: ADMIN } });
  const signedIn = await api.fresh().admin.auth.link.$post({ json: { token: await createSignInLink(api.db, ADMIN) } });
  staffToken = decodeURIComponent(signedIn.headers.get('set-cookie')?.match(/admin_session=([^;]+)/)?.[1] ?? '');
});
afterAll(async () => {
  await api.close();
});

const admin = () => api.http.admin;
const staff = () => bearer(staffToken);

type LeadRow = typeof contactSubmissions.$inferInsert;
type ClientRow = typeof clients.$inferInsert;
type ListName = 'clients' | 'projects' | 'communications' | 'leads';
const LISTS: ListName[] = ['clients', 'projects', 'communications', 'leads'];
/** What every list accepts; each list's own filters are sent through its typed call. */
interface BaseQuery {
  q?: string;
  sort?: string;
  limit?: string;
  cursor?: string;
  from?: string;
  to?: string;
}
interface Page {
  items: { id: string; createdAt: string }[];
  nextCursor: string | null;
  total: number;
}
type Options = { headers?: Record<string, string> };

/** GET one page of `list` with the query every list shares. */
function getList(list: ListName, query: BaseQuery, options: Options = staff()): Promise<Response> {
  switch (list) {
    case 'clients':
      return admin().clients.$get({ query }, options);
    case 'projects':
      return admin().projects.$get({ query }, options);
    case 'communications':
      return admin().communications.$get({ query }, options);
    case 'leads':
      return admin()['contact-submissions'].$get({ query }, options);
  }
}

async function page(list: ListName, query: BaseQuery): Promise<Page> {
  const response = await getList(list, query);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/** Every page of a query, following nextCursor; fails on a repeated id. */
async function allPages<T extends { id: string }>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null; total: number }>,
): Promise<{ items: T[]; total: number; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let total = -1;
  do {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    total = result.total;
    cursor = result.nextCursor ?? undefined;
    pages += 1;
    expect(pages).toBeLessThan(1000);
  } while (cursor);
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  return { items, total, pages };
}

const ids = (items: { id: string }[]) => items.map((i) => i.id);

async function insertLeads(rows: LeadRow[]) {
  const out: { id: string }[] = [];
  for (let i = 0; i < rows.length; i += 400) {
    out.push(
      ...(await api.db.write((tx) =>
        tx
          .insert(contactSubmissions)
          .values(rows.slice(i, i + 400))
          .returning({ id: contactSubmissions.id }),
      )),
    );
  }
  return out.map((r) => r.id);
}
/** Clients made directly in the database, each with its owner (a member who has joined, with a password). */
async function insertClients(rows: ClientRow[]) {
  const out = await api.db.write(async (tx) => {
    const made = await tx
      .insert(clients)
      .values(rows)
      .returning({ id: clients.id, name: clients.name, email: clients.email });
    const joinedAt = new Date();
    await tx.insert(clientMembers).values(
      made.map((c) => ({
        clientId: c.id,
        name: c.name,
        email: c.email,
        role: 'owner' as const,
        passwordHash: 'x',
        joinedAt,
      })),
    );
    return made;
  });
  return out.map((r) => r.id);
}

/** A client (with its owner) and one project, all made directly in the database. */
async function clientWithProject(name: string, title: string, email = `${name.replace(/\W/g, '')}@example.com`) {
  const [id] = await insertClients([{ name, email }]);
  const [client] = await api.db.read.select().from(clients).where(eq(clients.id, id!));
  const [project] = await api.db.write((tx) => tx.insert(projects).values({ clientId: client!.id, title }).returning());
  return { client: client!, project: project! };
}

/** The order SQL should give: by key (ASCII, case folded by the caller), ties by insertion order. */
function expectedOrder<T extends { id: string; key: string | number; at: number }>(rows: T[], desc: boolean) {
  const sorted = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.at - b.at));
  return ids(desc ? sorted.reverse() : sorted);
}

describe('cursor paging while rows are added', () => {
  it('pages every lead newest first exactly once, with inserts between and during page requests', async () => {
    const base = Date.parse('2025-06-01T00:00:00Z');
    await insertLeads(
      Array.from({ length: 120 }, (_, i) => ({
        name: `Pager Lead ${i}`,
        message: 'paging',
        source: 'landing' as const,
        // Groups of three share an instant, so ties are broken by the row, not by luck.
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      })),
    );
    const before = (await api.db.read.select({ id: contactSubmissions.id }).from(contactSubmissions)).map((r) => r.id);
    expect(before.length).toBeGreaterThanOrEqual(120);

    const seen: Page['items'] = [];
    const lateOld: string[] = [];
    let cursor: string | undefined;
    let round = 0;
    do {
      const newer = { name: `Newer ${round}`, message: 'paging', source: 'audit' as const, createdAt: new Date() };
      const older = {
        name: `Older ${round}`,
        message: 'paging',
        source: 'audit' as const,
        createdAt: new Date(Date.parse('2019-01-01T00:00:00Z') - round * 1000),
      };
      let result: Page;
      if (round % 2 === 0) {
        // Between requests: a lead newer than everything and one older than everything.
        lateOld.push(...(await insertLeads([newer, older])));
        result = await page('leads', { limit: '25', ...(cursor ? { cursor } : {}) });
      } else {
        const [, , fetched] = await Promise.all([
          insertLeads([newer]),
          insertLeads([{ ...newer, name: `Newer too ${round}` }]),
          page('leads', { limit: '25', ...(cursor ? { cursor } : {}) }),
        ]);
        result = fetched;
      }
      expect(result.items.length).toBeLessThanOrEqual(25);
      seen.push(...result.items);
      cursor = result.nextCursor ?? undefined;
      round += 1;
    } while (cursor && round < 100);
    expect(cursor).toBeUndefined();

    const seenIds = ids(seen);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    expect(seenIds).toEqual(expect.arrayContaining(before));
    // A lead added after the cursor (older than anything shown so far) is still reached.
    expect(seenIds).toEqual(expect.arrayContaining(lateOld.filter((_, i) => i % 2 === 1)));
    const times = seen.map((l) => Date.parse(l.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages clients by name (case-insensitive, ties by row) exactly once while clients are added', async () => {
    const words = ['alpha', 'Bravo', 'charlie', 'Delta', 'echo', 'Foxtrot', 'golf', 'Hotel'];
    await insertClients(
      Array.from({ length: 120 }, (_, i) => ({
        // Names equal but for case must tie (and be ordered by row), not be told apart by case.
        name:
          i % 10 === 0
            ? ['Same Name', 'SAME NAME', 'same name'][i % 3]!
            : `${words[i % words.length]} ${String((i * 37) % 120).padStart(3, '0')}`,
        email: `pager-${i}@paging.example`,
      })),
    );
    const before = (await api.db.read.select({ id: clients.id }).from(clients)).map((r) => r.id);

    const seen: { id: string; name: string }[] = [];
    const late: string[] = [];
    let cursor: string | undefined;
    let round = 0;
    const fetchPage = async () => {
      const response = await admin().clients.$get(
        { query: { sort: 'name.asc', limit: '25', ...(cursor ? { cursor } : {}) } },
        staff(),
      );
      expect(response.status).toBe(200);
      return response.json();
    };
    do {
      const extra = (prefix: string) => ({
        name: `${prefix} ${round}`,
        email: `late-${prefix.toLowerCase()}-${round}@paging.example`,
      });
      let result: Awaited<ReturnType<typeof fetchPage>>;
      if (round % 2 === 0) {
        late.push(...(await insertClients([extra('Aaaa'), extra('zzzz')])));
        result = await fetchPage();
      } else {
        const [first, , fetched] = await Promise.all([
          insertClients([extra('AAAB')]),
          insertClients([extra('ZZZY')]),
          fetchPage(),
        ]);
        late.push(...first);
        result = fetched;
      }
      seen.push(...result.items);
      cursor = result.nextCursor ?? undefined;
      round += 1;
    } while (cursor && round < 100);
    expect(cursor).toBeUndefined();

    const seenIds = ids(seen);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    expect(seenIds).toEqual(expect.arrayContaining(before));
    const names = seen.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    // The 'zzzz' clients added before the last page sort after every cursor, so they are all reached.
    const zzzz = (await api.db.read.select().from(clients).where(inArray(clients.id, late))).filter((c) =>
      c.name.startsWith('zzzz'),
    );
    expect(zzzz.length).toBeGreaterThan(0);
    expect(seenIds).toEqual(expect.arrayContaining(ids(zzzz)));
  });

  it('pages a search by relevance across both ranks exactly once while matching leads are added', async () => {
    // Every second lead holds the word in its name (first rank), the others only in the message.
    await insertLeads(
      Array.from({ length: 70 }, (_, i) => ({
        name: i % 2 === 0 ? `Quillon Shop ${i}` : `Plain Shop ${i}`,
        email: `shop${i}@example.com`,
        message: i % 2 === 0 ? 'hello' : 'saw the quillon ad',
        source: 'landing' as const,
      })),
    );
    const before = await api.db.read
      .select({ id: contactSubmissions.id, name: contactSubmissions.name })
      .from(contactSubmissions);
    const matching = before.filter((l) => /Shop/.test(l.name));
    const seen: { id: string; name: string }[] = [];
    let cursor: string | undefined;
    let round = 0;
    do {
      const [, fetched] = await Promise.all([
        insertLeads([
          { name: `Quillon Late ${round}`, message: 'x', source: 'audit' },
          { name: `Late ${round}`, message: 'quillon again', source: 'audit' },
        ]),
        admin()['contact-submissions'].$get(
          { query: { q: 'quill', limit: '25', ...(cursor ? { cursor } : {}) } },
          staff(),
        ),
      ]);
      expect(fetched.status).toBe(200);
      const result = await fetched.json();
      seen.push(...result.items);
      cursor = result.nextCursor ?? undefined;
      round += 1;
    } while (cursor && round < 100);
    expect(cursor).toBeUndefined();
    const seenIds = ids(seen);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    expect(seenIds).toEqual(expect.arrayContaining(ids(matching)));
    // Name matches first: no lead matching only in its message comes before one matching by name.
    const ranks = seen.map((l) => (/quillon/i.test(l.name) ? 2 : 1));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });
});

describe('search', () => {
  let brennan: string;
  let cafe: string;

  beforeAll(async () => {
    const created = await admin().clients.$post(
      {
        json: {
          name: 'Brennan Home Improvement',
          email: 'office@brennanhome.example',
          company: 'Brennan HI',
          phone: '302-555-0147',
          password: 'secret-pass',
        },
      },
      staff(),
    );
    brennan = (await created.json()).id;
    const [inserted] = await insertClients([
      { name: 'Café Lumière', email: 'bonjour@lumiere.example', company: 'Bistro Anatole' },
    ]);
    cafe = inserted!;
  });

  const clientSearch = async (q: string, sort?: string) => {
    const response = await admin().clients.$get({ query: { q, ...(sort ? { sort } : {}) } }, staff());
    expect(response.status).toBe(200);
    return response.json();
  };

  it('matches word prefixes, in any case', async () => {
    for (const q of ['bren', 'BREN', 'Brennan', 'impro', 'br hom']) {
      expect(ids((await clientSearch(q)).items), q).toEqual([brennan]);
    }
    expect((await clientSearch('rennan')).items).toEqual([]);
  });

  it('ignores diacritics on both sides', async () => {
    for (const q of ['cafe', 'CAFE', 'lumiere', 'café lumière', 'cafe\u0301']) {
      const found = await clientSearch(q);
      expect(ids(found.items), q).toEqual([cafe]);
      expect(found.total).toBe(1);
    }
  });

  it('needs every word (AND), wherever in the searched columns each one is', async () => {
    expect(ids((await clientSearch('brennan home')).items)).toEqual([brennan]);
    expect(ids((await clientSearch('brennan 0147')).items)).toEqual([brennan]);
    expect((await clientSearch('brennan lumiere')).items).toEqual([]);
    expect((await clientSearch('brennan lumiere')).total).toBe(0);
  });

  it("searches each list's columns: client name, email, company, phone", async () => {
    expect(ids((await clientSearch('brennanhome')).items)).toEqual([brennan]); // email
    expect(ids((await clientSearch('anatole')).items)).toEqual([cafe]); // company
    expect(ids((await clientSearch('0147')).items)).toEqual([brennan]); // phone
    expect(ids((await clientSearch('bonjour')).items)).toEqual([cafe]); // email
  });

  it('searches project title and description, message subject and text, lead name, email and message', async () => {
    const { client, project } = await clientWithProject('Search Owner', 'Orchard Storefront');
    await api.db.write((tx) =>
      tx.update(projects).set({ description: 'Includes a wombat mascot' }).where(eq(projects.id, project.id)),
    );
    const projectQ = async (q: string) => ids((await page('projects', { q })).items);
    expect(await projectQ('orchard')).toEqual([project.id]);
    expect(await projectQ('wombat')).toEqual([project.id]);
    expect(await projectQ('search owner')).toEqual([]); // the client's name is not a project column

    const [message] = await api.db.write((tx) =>
      tx
        .insert(communications)
        .values({ projectId: project.id, fromClient: true, subject: 'Pelican invoice', message: 'Paid by zeppelin' })
        .returning(),
    );
    const messageQ = async (q: string) => ids((await page('communications', { q })).items);
    expect(await messageQ('pelican')).toEqual([message!.id]);
    expect(await messageQ('zeppelin')).toEqual([message!.id]);
    expect(await messageQ('orchard')).toEqual([]);

    const [lead] = await insertLeads([
      { name: 'Yolanda Quixote', email: 'yq@tortoise.example', message: 'Need a marzipan shop', source: 'landing' },
    ]);
    const leadQ = async (q: string) => ids((await page('leads', { q })).items);
    expect(await leadQ('yolanda')).toEqual([lead]);
    expect(await leadQ('tortoise')).toEqual([lead]);
    expect(await leadQ('marzipan')).toEqual([lead]);
    expect(client.name).toBe('Search Owner');
  });

  it('ranks a match in the name, title or subject before a match elsewhere, even an older one', async () => {
    // The main-column match is made first, so newest-first alone would put it last.
    const [byName] = await insertClients([{ name: 'Heronsgate Lights', email: 'a@lights.example' }]);
    const [byEmail] = await insertClients([{ name: 'Quiet Co', email: 'heronsgate@quiet.example' }]);
    expect(ids((await clientSearch('heronsgate')).items)).toEqual([byName, byEmail]);
    expect(ids((await clientSearch('heronsgate', 'relevance')).items)).toEqual([byName, byEmail]);
    expect(ids((await clientSearch('heronsgate', 'createdAt.desc')).items)).toEqual([byEmail, byName]);

    const { project: titled } = await clientWithProject('Rank Owner', 'Lodestar Revamp');
    const { project: described } = await clientWithProject('Rank Owner Two', 'Other site');
    await api.db.write((tx) =>
      tx.update(projects).set({ description: 'next to the lodestar' }).where(eq(projects.id, described.id)),
    );
    expect(ids((await page('projects', { q: 'lodestar' })).items)).toEqual([titled.id, described.id]);

    const [subject] = await api.db.write((tx) =>
      tx
        .insert(communications)
        .values({ projectId: titled.id, fromClient: true, subject: 'Quagmire question', message: 'hi' })
        .returning(),
    );
    const [body] = await api.db.write((tx) =>
      tx
        .insert(communications)
        .values({ projectId: titled.id, fromClient: false, subject: 'Re', message: 'about the quagmire' })
        .returning(),
    );
    expect(ids((await page('communications', { q: 'quagmire' })).items)).toEqual([subject!.id, body!.id]);

    const [named] = await insertLeads([{ name: 'Marigoldia Bakery', message: 'hi', source: 'landing' }]);
    const [emailed] = await insertLeads([
      { name: 'Ann', email: 'marigoldia@x.example', message: 'hi', source: 'audit' },
    ]);
    const [messaged] = await insertLeads([{ name: 'Bob', message: 'we love marigoldia', source: 'audit' }]);
    // Within a rank, newest first.
    expect(ids((await page('leads', { q: 'marigoldia' })).items)).toEqual([named, messaged, emailed]);
  });

  it('keeps the index in step: a renamed client is found by the new name only', async () => {
    const created = await admin().clients.$post(
      { json: { name: 'Oldenburg Widgets', email: 'widgets@renamed.example', password: 'secret-pass' } },
      staff(),
    );
    const { id } = await created.json();
    expect(ids((await clientSearch('oldenburg')).items)).toEqual([id]);
    const renamed = await admin().clients[':id'].$put(
      { param: { id }, json: { name: 'Neustadt Gadgets', email: 'widgets@renamed.example' } },
      staff(),
    );
    expect(renamed.status).toBe(200);
    expect((await clientSearch('oldenburg')).items).toEqual([]);
    expect((await clientSearch('oldenburg')).total).toBe(0);
    expect(ids((await clientSearch('neustadt gadg')).items)).toEqual([id]);

    // A project renamed through the API, a message edited in the database.
    const { project } = await clientWithProject('Renamer', 'Kestrel Site');
    await admin().projects[':id'].$put(
      { param: { id: project.id }, json: { clientId: project.clientId, title: 'Falconry Site' } },
      staff(),
    );
    expect((await page('projects', { q: 'kestrel' })).items).toEqual([]);
    expect(ids((await page('projects', { q: 'falconry' })).items)).toEqual([project.id]);
    const [message] = await api.db.write((tx) =>
      tx.insert(communications).values({ projectId: project.id, subject: 'Tangerine', message: 'm' }).returning(),
    );
    await api.db.write((tx) =>
      tx.update(communications).set({ subject: 'Clementine' }).where(eq(communications.id, message!.id)),
    );
    expect((await page('communications', { q: 'tangerine' })).items).toEqual([]);
    expect(ids((await page('communications', { q: 'clementine' })).items)).toEqual([message!.id]);
  });

  it("keeps the index in step with deletes: a deleted client's projects and messages are gone from every list", async () => {
    const { client, project } = await clientWithProject('Dynamo Doomed', 'Dynamo Website', 'doomed@dynamo.example');
    const second = await api.db.write((tx) =>
      tx.insert(projects).values({ clientId: client.id, title: 'Dynamo App' }).returning(),
    );
    await api.db.write((tx) =>
      tx.insert(communications).values([
        { projectId: project.id, fromClient: true, subject: 'Dynamo kickoff', message: 'start' },
        { projectId: second[0]!.id, fromClient: false, subject: 'Status', message: 'dynamo going well' },
      ]),
    );
    const [lead] = await insertLeads([
      { name: 'Dynamo Lead', message: 'm', source: 'landing', clientId: client.id, status: 'won' },
    ]);
    const totals = async () =>
      Object.fromEntries(await Promise.all(LISTS.map(async (l) => [l, (await page(l, {})).total] as const)));
    const totalsBefore = await totals();
    expect((await page('clients', { q: 'dynamo' })).total).toBe(1);
    expect((await page('projects', { q: 'dynamo' })).total).toBe(2);
    expect((await page('communications', { q: 'dynamo' })).total).toBe(2);

    const maxRowids = async () =>
      (
        await api.db.read.all<{ c: number; p: number; m: number }>(
          sql`select (select max(rowid) from clients) as c, (select max(rowid) from projects) as p,
                     (select max(rowid) from communications) as m`,
        )
      )[0]!;
    const doomedRowids = await maxRowids();

    expect((await admin().clients[':id'].$delete({ param: { id: client.id } }, staff())).status).toBe(204);
    for (const list of ['clients', 'projects', 'communications'] as const) {
      const found = await page(list, { q: 'dynamo' });
      expect(found.items, list).toEqual([]);
      expect(found.total, list).toBe(0);
    }
    // The lead stays (unlinked), and stays findable.
    expect(ids((await page('leads', { q: 'dynamo' })).items)).toEqual([lead]);
    // Unfiltered totals (counted by triggers) follow the cascade.
    expect(await totals()).toEqual({
      clients: totalsBefore.clients! - 1,
      projects: totalsBefore.projects! - 2,
      communications: totalsBefore.communications! - 2,
      leads: totalsBefore.leads,
    });
    const [{ n: dbProjects }] = (await api.db.read.select({ n: count() }).from(projects)) as [{ n: number }];
    const [{ n: dbMessages }] = (await api.db.read.select({ n: count() }).from(communications)) as [{ n: number }];
    expect([(await page('projects', {})).total, (await page('communications', {})).total]).toEqual([
      dbProjects,
      dbMessages,
    ]);

    // New rows take the deleted rows' rowids: the index must not still hold the old words for them.
    const reborn = await clientWithProject('Phoenix Person', 'Phoenix Site', 'phoenix@reborn.example');
    await api.db.write((tx) => tx.insert(projects).values({ clientId: reborn.client.id, title: 'Phoenix App' }));
    await api.db.write((tx) =>
      tx.insert(communications).values([
        { projectId: reborn.project.id, subject: 'Phoenix hello', message: 'rising' },
        { projectId: reborn.project.id, subject: 'Phoenix again', message: 'rising' },
      ]),
    );
    expect(await maxRowids()).toEqual(doomedRowids);
    for (const list of ['clients', 'projects', 'communications'] as const) {
      expect((await page(list, { q: 'dynamo' })).items, list).toEqual([]);
      expect((await page(list, { q: 'dynamo' })).total, list).toBe(0);
      expect((await page(list, { q: 'phoenix' })).total, list).toBe(list === 'clients' ? 1 : 2);
    }
  });
});

describe('hostile search strings', () => {
  beforeAll(async () => {
    await insertClients([{ name: 'Nearby Bakery', email: 'hello@nearby.example' }]);
  });

  const HOSTILE = [
    '"',
    '""',
    '"unclosed',
    '*',
    '-',
    '+',
    '^',
    ':',
    'NEAR',
    'NEAR(a b)',
    'NEAR/2',
    '(',
    ')',
    '((a',
    'a))',
    '(a OR b',
    'a OR',
    'OR',
    'AND',
    'NOT',
    'a NOT',
    '{name}:x',
    'name:x',
    '{name email} : x',
    'x*y*',
    "'; drop table clients; --",
    '%',
    '_',
    '\\',
    '\u0000',
    'a\u0000b',
    '\u0301',
    '\u200d',
    '😀',
    '👩‍👩‍👧 🏳️‍🌈',
    '\t\n\r',
    '   ',
    'x'.repeat(200),
    'ab '.repeat(66) + 'ab',
    '(((('.repeat(50),
  ];

  it.each(LISTS)(
    'every hostile string on %s answers 200 with a well-formed page',
    async (list) => {
      for (const q of HOSTILE) {
        for (const sort of [undefined, 'relevance', 'createdAt.asc']) {
          const response = await getList(list, { q, ...(sort ? { sort } : {}), limit: '5' });
          expect(response.status, `${list} q=${JSON.stringify(q)} sort=${sort}`).toBe(200);
          const body = (await response.json()) as Page;
          expect(Array.isArray(body.items)).toBe(true);
          expect(body.items.length).toBeLessThanOrEqual(5);
          expect(Number.isInteger(body.total)).toBe(true);
          expect(body.items.length).toBeLessThanOrEqual(body.total);
          expect(body.nextCursor === null || typeof body.nextCursor === 'string').toBe(true);
          if (body.nextCursor) {
            const next = await getList(list, { q, ...(sort ? { sort } : {}), limit: '5', cursor: body.nextCursor });
            expect(next.status).toBe(200);
          }
        }
      }
      // The tables are all still there.
      expect((await page('clients', {})).total).toBeGreaterThan(0);
      // About 150 requests: on a libSQL server each statement is a round trip.
    },
    60_000,
  );

  it('takes operators and punctuation as plain words', async () => {
    const clientIds = async (q: string) =>
      (await page('clients', { q })).items.map((c) => (c as { name?: string }).name);
    expect(await clientIds('NEAR')).toEqual(['Nearby Bakery']);
    expect(await clientIds('near*')).toEqual(['Nearby Bakery']);
    expect(await clientIds('-nearby')).toEqual(['Nearby Bakery']);
    expect(await clientIds('"nearby bakery')).toEqual(['Nearby Bakery']);
    expect(await clientIds('NEAR(nearby bakery)')).toEqual(['Nearby Bakery']);
    expect(await clientIds('nearby OR zzzzqqq')).toEqual([]);
    expect(await clientIds('nearby NOT bakery')).toEqual([]);
  });

  it('refuses a search of 201 characters with 422', async () => {
    for (const list of LISTS) {
      const response = await getList(list, { q: 'x'.repeat(201) });
      expect(response.status, list).toBe(422);
      expect((await errorOf(response)).fields).toEqual({ q: 'Search is at most 200 characters' });
      expect((await getList(list, { q: 'x'.repeat(200) })).status).toBe(200);
    }
  });
});

describe('filters and sorts', () => {
  const at = (day: number, hour = 0) => new Date(Date.UTC(2024, 2, day, hour));

  it('clients: active, from/to and every sort, each page after page', async () => {
    const rows = [
      { name: 'mango Studio', email: 'd@qxclient.example', company: 'Zeta', isActive: true, createdAt: at(1) },
      { name: 'Apple Farm', email: 'b@qxclient.example', company: null, isActive: false, createdAt: at(2, 12) },
      { name: 'kiwi Labs', email: 'e@qxclient.example', company: 'alpha', isActive: true, createdAt: at(3) },
      { name: 'Banana Co', email: 'a@qxclient.example', company: 'Mid', isActive: false, createdAt: at(4) },
      { name: 'cherry Inc', email: 'c@qxclient.example', company: 'beta', isActive: true, createdAt: at(5) },
    ];
    const created = await insertClients(rows);
    const fixture = rows.map((r, i) => ({ ...r, id: created[i]!, at: i }));
    const keys = {
      createdAt: (r: (typeof fixture)[number]) => r.createdAt.getTime(),
      name: (r: (typeof fixture)[number]) => r.name.toLowerCase(),
      email: (r: (typeof fixture)[number]) => r.email,
      company: (r: (typeof fixture)[number]) => (r.company ?? '').toLowerCase(),
    };
    for (const [column, key] of Object.entries(keys)) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort = `${column}.${direction}`;
        const all = await allPages(async (cursor) => {
          const response = await admin().clients.$get(
            { query: { q: 'qxclient', sort, limit: '2', ...(cursor ? { cursor } : {}) } },
            staff(),
          );
          expect(response.status, sort).toBe(200);
          return response.json();
        });
        const expected = expectedOrder(
          fixture.map((r) => ({ ...r, key: key(r) })),
          direction === 'desc',
        );
        expect(ids(all.items), sort).toEqual(expected);
        expect(all.total).toBe(5);
        expect(all.pages).toBe(3);
      }
    }
    const filtered = async (query: { active?: 'true' | 'false'; from?: string; to?: string }) => {
      const response = await admin().clients.$get({ query: { q: 'qxclient', ...query } }, staff());
      expect(response.status).toBe(200);
      const body = await response.json();
      return { ids: [...ids(body.items)].sort(), total: body.total };
    };
    const expectRows = async (query: Parameters<typeof filtered>[0], indexes: number[]) => {
      const expected = indexes.map((i) => created[i]!).sort();
      expect(await filtered(query), JSON.stringify(query)).toEqual({ ids: expected, total: expected.length });
    };
    await expectRows({ active: 'true' }, [0, 2, 4]);
    await expectRows({ active: 'false' }, [1, 3]);
    await expectRows({ from: '2024-03-02' }, [1, 2, 3, 4]);
    await expectRows({ from: '2024-03-02T12:00:00Z' }, [1, 2, 3, 4]); // from is inclusive
    await expectRows({ from: '2024-03-02T13:00:00+01:00' }, [1, 2, 3, 4]); // the same instant
    await expectRows({ from: '2024-03-02T12:00:00.001Z' }, [2, 3, 4]);
    await expectRows({ to: '2024-03-04' }, [0, 1, 2]); // to is exclusive
    await expectRows({ from: '2024-03-02', to: '2024-03-05', active: 'false' }, [1, 3]);
    // Without a search, the total is the filter's count over the whole table.
    const inactive = await admin().clients.$get({ query: { active: 'false', limit: '200' } }, staff());
    const [{ n }] = (await api.db.read.select({ n: count() }).from(clients).where(eq(clients.isActive, false))) as [
      { n: number },
    ];
    expect((await inactive.json()).total).toBe(n);
  });

  it('projects: status, clientId, from/to and every sort, each page after page', async () => {
    const owners = await insertClients([
      { name: 'Zulu Owner', email: 'zulu@qxowner.example' },
      { name: 'alpha Owner', email: 'alpha@qxowner.example' },
      { name: 'Mike Owner', email: 'mike@qxowner.example' },
    ]);
    const rows = [
      { title: 'pear site', status: 'review', owner: 0, endDate: '2025-05-01', budget: 5000, createdAt: at(1) },
      { title: 'Fig app', status: 'planning', owner: 1, endDate: null, budget: null, createdAt: at(2) },
      { title: 'date shop', status: 'completed', owner: 2, endDate: '2024-12-31', budget: 0, createdAt: at(3) },
      { title: 'Apricot', status: 'in-progress', owner: 0, endDate: '2026-01-15', budget: 99999, createdAt: at(4) },
      { title: 'Lime blog', status: 'on-hold', owner: 1, endDate: '2025-01-01', budget: 250, createdAt: at(5) },
      { title: 'Quince', status: 'review', owner: 2, endDate: null, budget: 250, createdAt: at(6) },
    ] as const;
    const inserted = await api.db.write((tx) =>
      tx
        .insert(projects)
        .values(
          rows.map((r) => ({
            title: r.title,
            description: 'qxproject',
            status: r.status,
            clientId: owners[r.owner]!,
            endDate: r.endDate,
            budget: r.budget,
            createdAt: r.createdAt,
          })),
        )
        .returning({ id: projects.id }),
    );
    const ownerNames = ['zulu owner', 'alpha owner', 'mike owner'];
    const fixture = rows.map((r, i) => ({ ...r, id: inserted[i]!.id, at: i }));
    type Row = (typeof fixture)[number];
    const keys: Record<string, (r: Row) => string | number> = {
      createdAt: (r) => r.createdAt.getTime(),
      title: (r) => r.title.toLowerCase(),
      status: (r) => r.status,
      client: (r) => ownerNames[r.owner]!,
      endDate: (r) => r.endDate ?? '',
      budget: (r) => r.budget ?? -1,
    };
    for (const [column, key] of Object.entries(keys)) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort = `${column}.${direction}`;
        const all = await allPages(async (cursor) => {
          const response = await admin().projects.$get(
            { query: { q: 'qxproject', sort, limit: '2', ...(cursor ? { cursor } : {}) } },
            staff(),
          );
          expect(response.status, sort).toBe(200);
          return response.json();
        });
        expect(ids(all.items), sort).toEqual(
          expectedOrder(
            fixture.map((r) => ({ ...r, key: key(r) })),
            direction === 'desc',
          ),
        );
        expect(all.total).toBe(6);
      }
    }
    const expectRows = async (
      query: { status?: 'review' | 'planning' | 'completed'; clientId?: string; from?: string; to?: string },
      indexes: number[],
    ) => {
      const response = await admin().projects.$get({ query: { q: 'qxproject', ...query } }, staff());
      expect(response.status).toBe(200);
      const body = await response.json();
      const expected = indexes.map((i) => inserted[i]!.id).sort();
      expect({ ids: ids(body.items).sort(), total: body.total }, JSON.stringify(query)).toEqual({
        ids: expected,
        total: expected.length,
      });
    };
    await expectRows({ status: 'review' }, [0, 5]);
    await expectRows({ status: 'completed' }, [2]);
    await expectRows({ clientId: owners[1]! }, [1, 4]);
    await expectRows({ clientId: owners[1]!, status: 'planning' }, [1]);
    await expectRows({ clientId: 'no-such-client' }, []);
    await expectRows({ from: '2024-03-03', to: '2024-03-05' }, [2, 3]);
    // Embedded client, and the total of a filter over the whole table.
    const one = await (await admin().projects.$get({ query: { q: 'apricot qxproject' } }, staff())).json();
    expect(one.items[0]).toMatchObject({ title: 'Apricot', client: { name: 'Zulu Owner' }, budget: 99999 });
    const review = await (await admin().projects.$get({ query: { status: 'review' } }, staff())).json();
    const [{ n }] = (await api.db.read.select({ n: count() }).from(projects).where(eq(projects.status, 'review'))) as [
      { n: number },
    ];
    expect(review.total).toBe(n);
    expect(review.items.every((p) => p.status === 'review')).toBe(true);
  });

  it('communications: unread, clientId, projectId, from/to and every sort, each page after page', async () => {
    const a = await clientWithProject('Msg Owner A', 'Msg Project A1');
    const [a2] = await api.db.write((tx) =>
      tx.insert(projects).values({ clientId: a.client.id, title: 'Msg Project A2' }).returning(),
    );
    const b = await clientWithProject('Msg Owner B', 'Msg Project B1');
    const rows = [
      { projectId: a.project.id, subject: 'delta', fromClient: true, isRead: false, createdAt: at(1) },
      { projectId: a2!.id, subject: 'Alpha', fromClient: true, isRead: true, createdAt: at(2) },
      { projectId: b.project.id, subject: 'charlie', fromClient: false, isRead: false, createdAt: at(3) },
      { projectId: a.project.id, subject: 'Bravo', fromClient: true, isRead: false, createdAt: at(4) },
      { projectId: b.project.id, subject: 'echo', fromClient: true, isRead: false, createdAt: at(5) },
    ];
    const inserted = await api.db.write((tx) =>
      tx
        .insert(communications)
        .values(rows.map((r) => ({ ...r, message: 'qxmessage body' })))
        .returning({ id: communications.id }),
    );
    const fixture = rows.map((r, i) => ({ ...r, id: inserted[i]!.id, at: i }));
    for (const [column, key] of [
      ['createdAt', (r: (typeof fixture)[number]) => r.createdAt.getTime()],
      ['subject', (r: (typeof fixture)[number]) => r.subject.toLowerCase()],
    ] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort = `${column}.${direction}`;
        const all = await allPages(async (cursor) => {
          const response = await admin().communications.$get(
            { query: { q: 'qxmessage', sort, limit: '2', ...(cursor ? { cursor } : {}) } },
            staff(),
          );
          expect(response.status, sort).toBe(200);
          return response.json();
        });
        expect(ids(all.items), sort).toEqual(
          expectedOrder(
            fixture.map((r) => ({ ...r, key: key(r) })),
            direction === 'desc',
          ),
        );
      }
    }
    const expectRows = async (
      query: { unread?: 'true' | 'false'; clientId?: string; projectId?: string; from?: string; to?: string },
      indexes: number[],
    ) => {
      const response = await admin().communications.$get({ query: { q: 'qxmessage', ...query } }, staff());
      expect(response.status).toBe(200);
      const body = await response.json();
      const expected = indexes.map((i) => inserted[i]!.id).sort();
      expect({ ids: ids(body.items).sort(), total: body.total }, JSON.stringify(query)).toEqual({
        ids: expected,
        total: expected.length,
      });
    };
    await expectRows({ unread: 'true' }, [0, 3, 4]);
    await expectRows({ unread: 'false' }, [1, 2]);
    await expectRows({ clientId: a.client.id }, [0, 1, 3]);
    await expectRows({ projectId: a.project.id }, [0, 3]);
    await expectRows({ clientId: b.client.id, unread: 'true' }, [4]);
    await expectRows({ clientId: b.client.id, projectId: a.project.id }, []);
    await expectRows({ from: '2024-03-02', to: '2024-03-04' }, [1, 2]);
    const one = await (await admin().communications.$get({ query: { q: 'qxmessage echo' } }, staff())).json();
    expect(one.items).toHaveLength(1);
    expect(one.items[0]).toMatchObject({
      subject: 'echo',
      project: { title: 'Msg Project B1' },
      client: { id: b.client.id, name: 'Msg Owner B' },
    });
    // A read change moves the message out of `unread`, and the (cached) total follows.
    await admin().communications[':id'].$patch({ param: { id: inserted[4]!.id }, json: { isRead: true } }, staff());
    await expectRows({ unread: 'true' }, [0, 3]);
    const unread = await (await admin().communications.$get({ query: { unread: 'true' } }, staff())).json();
    const [{ n }] = (await api.db.read
      .select({ n: count() })
      .from(communications)
      .where(and(eq(communications.fromClient, true), eq(communications.isRead, false)))) as [{ n: number }];
    expect(unread.total).toBe(n);
  });

  it('leads: status, source, from/to and every sort, each page after page', async () => {
    const rows = [
      { name: 'olive', status: 'new', source: 'landing', createdAt: at(1) },
      { name: 'Basil', status: 'won', source: 'audit', createdAt: at(2) },
      { name: 'thyme', status: 'new', source: 'emergency', createdAt: at(3) },
      { name: 'Chive', status: 'lost', source: 'landing', createdAt: at(4) },
      { name: 'sage', status: 'contacted', source: 'audit', createdAt: at(5) },
      { name: 'Dill', status: 'new', source: 'landing', createdAt: at(6) },
    ] as const;
    const inserted = await insertLeads(rows.map((r) => ({ ...r, message: 'qxlead enquiry' })));
    const fixture = rows.map((r, i) => ({ ...r, id: inserted[i]!, at: i }));
    type Row = (typeof fixture)[number];
    const keys: [string, (r: Row) => string | number][] = [
      ['createdAt', (r) => r.createdAt.getTime()],
      ['name', (r) => r.name.toLowerCase()],
      ['status', (r) => r.status], // three 'new' leads: ties go by row
    ];
    for (const [column, key] of keys) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort = `${column}.${direction}`;
        const all = await allPages(async (cursor) => {
          const response = await admin()['contact-submissions'].$get(
            { query: { q: 'qxlead', sort, limit: '2', ...(cursor ? { cursor } : {}) } },
            staff(),
          );
          expect(response.status, sort).toBe(200);
          return response.json();
        });
        expect(ids(all.items), sort).toEqual(
          expectedOrder(
            fixture.map((r) => ({ ...r, key: key(r) })),
            direction === 'desc',
          ),
        );
      }
    }
    const expectRows = async (
      query: { status?: 'new' | 'won'; source?: 'landing' | 'audit' | 'emergency'; from?: string; to?: string },
      indexes: number[],
    ) => {
      const response = await admin()['contact-submissions'].$get({ query: { q: 'qxlead', ...query } }, staff());
      expect(response.status).toBe(200);
      const body = await response.json();
      const expected = indexes.map((i) => inserted[i]!).sort();
      expect({ ids: ids(body.items).sort(), total: body.total }, JSON.stringify(query)).toEqual({
        ids: expected,
        total: expected.length,
      });
    };
    await expectRows({ status: 'new' }, [0, 2, 5]);
    await expectRows({ status: 'won' }, [1]);
    await expectRows({ source: 'landing' }, [0, 3, 5]);
    await expectRows({ source: 'emergency' }, [2]);
    await expectRows({ status: 'new', source: 'landing' }, [0, 5]);
    await expectRows({ from: '2024-03-03T00:00:00Z', to: '2024-03-06T00:00:00Z' }, [2, 3, 4]);
    const audit = await (await admin()['contact-submissions'].$get({ query: { source: 'audit' } }, staff())).json();
    const [{ n }] = (await api.db.read
      .select({ n: count() })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.source, 'audit'))) as [{ n: number }];
    expect(audit.total).toBe(n);
  });

  it.each(LISTS)('%s: relevance without a search falls back to newest first', async (list) => {
    const newest = await page(list, { sort: 'createdAt.desc', limit: '200' });
    expect(newest.items.length).toBeGreaterThan(1);
    for (const query of [{ sort: 'relevance' }, { sort: 'relevance', q: '  *** ' }, {}, { q: '"' }]) {
      const result = await page(list, { ...query, limit: '200' });
      expect(ids(result.items), JSON.stringify(query)).toEqual(ids(newest.items));
      expect(result.total).toBe(newest.total);
    }
    const times = newest.items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it.each(LISTS)('%s: limit defaults to 50 and may be anything from 1 to 200', async (list) => {
    if (list === 'projects' || list === 'communications') {
      const { client, project } = await clientWithProject(`Limit Owner ${list}`, 'Limit Project');
      if (list === 'projects') {
        await api.db.write((tx) =>
          tx
            .insert(projects)
            .values(Array.from({ length: 60 }, (_, i) => ({ clientId: client.id, title: `Limit ${i}` }))),
        );
      } else {
        await api.db.write((tx) =>
          tx
            .insert(communications)
            .values(
              Array.from({ length: 60 }, (_, i) => ({ projectId: project.id, subject: `Limit ${i}`, message: 'm' })),
            ),
        );
      }
    }
    const all = await page(list, { limit: '200' });
    expect(all.total).toBeGreaterThan(50);
    expect((await page(list, {})).items).toHaveLength(50);
    expect((await page(list, { limit: '1' })).items).toHaveLength(1);
    expect((await page(list, { limit: '200' })).items).toHaveLength(Math.min(200, all.total));
  });
});

describe('refused input', () => {
  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(422);
    return (await errorOf(response)).fields ?? {};
  };

  it.each(LISTS)('%s: limit 0, 201, -1, 1.5 and "abc", an unknown sort and a bad date answer 422', async (list) => {
    for (const limit of ['0', '201', '-1', '1.5', 'abc', '']) {
      expect(await fieldsOf(await getList(list, { limit })), `limit=${limit}`).toHaveProperty('limit');
    }
    for (const sort of ['nope.asc', 'name', 'createdAt.up', 'relevance.desc', 'createdAt.desc;drop']) {
      expect(await fieldsOf(await getList(list, { sort })), `sort=${sort}`).toEqual({ sort: 'Unknown sort' });
    }
    for (const from of ['yesterday', '2026-13-01', '2026-11-21 10:00', '1700000000000']) {
      expect(await fieldsOf(await getList(list, { from })), `from=${from}`).toHaveProperty('from');
    }
    expect(await fieldsOf(await getList(list, { to: 'tomorrow' }))).toHaveProperty('to');
    // A sort of another list.
    const foreign = list === 'clients' ? 'budget.asc' : 'company.asc';
    expect(await fieldsOf(await getList(list, { sort: foreign }))).toEqual({ sort: 'Unknown sort' });
  });

  it.each(LISTS)('%s: a garbage, forged or foreign cursor answers 422, not 500', async (list) => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const garbage = [
      'garbage',
      '!!!',
      encode('just a string'),
      encode({ s: 'createdAt.desc' }),
      encode({ s: 'createdAt.desc', r: 'one', k: 1 }),
      encode({ s: 'createdAt.desc', r: 1, k: { nested: true } }),
      encode({ s: 'createdAt.desc', r: 1 }), // no sort value
      encode({ s: 'createdAt.desc', r: 1.5, k: 1 }),
      'x'.repeat(1001),
    ];
    for (const cursor of garbage) {
      const response = await getList(list, { cursor });
      expect(response.status, cursor.slice(0, 40)).toBe(422);
      expect(await errorOf(response)).toMatchObject({ fields: { cursor: expect.any(String) } });
    }
    // A real cursor, but of another sort (and of a search that has since been cleared).
    const other = list === 'communications' ? 'subject.asc' : list === 'projects' ? 'title.asc' : 'name.asc';
    const first = await page(list, { sort: other, limit: '2' });
    expect(first.nextCursor).not.toBeNull();
    const crossed = await getList(list, { sort: 'createdAt.desc', cursor: first.nextCursor! });
    expect(crossed.status).toBe(422);
    expect(await errorOf(crossed)).toMatchObject({ fields: { cursor: expect.any(String) } });
    expect((await getList(list, { cursor: first.nextCursor! })).status).toBe(422); // default sort
    expect((await getList(list, { sort: other, cursor: first.nextCursor! })).status).toBe(200);
    const desc = await page(list, { limit: '2' });
    expect((await getList(list, { sort: 'createdAt.asc', cursor: desc.nextCursor! })).status).toBe(422);
  });

  it('a relevance cursor is refused once the search is cleared', async () => {
    const searched = await page('leads', { q: 'pager', limit: '2' });
    expect(searched.nextCursor).not.toBeNull();
    expect((await getList('leads', { q: 'pager', cursor: searched.nextCursor! })).status).toBe(200);
    expect((await getList('leads', { cursor: searched.nextCursor! })).status).toBe(422);
    expect((await getList('leads', { q: 'pager', sort: 'name.asc', cursor: searched.nextCursor! })).status).toBe(422);
  });

  it("refuses each list's own bad filters with 422 and the field's message", async () => {
    const checks: [Response, string][] = [
      [await admin().clients.$get({ query: { active: invalidBody('yes') } }, staff()), 'active'],
      [await admin().clients.$get({ query: { active: invalidBody('1') } }, staff()), 'active'],
      [await admin().projects.$get({ query: { status: invalidBody('done') } }, staff()), 'status'],
      [await admin().communications.$get({ query: { unread: invalidBody('maybe') } }, staff()), 'unread'],
      [await admin()['contact-submissions'].$get({ query: { status: invalidBody('archived') } }, staff()), 'status'],
      [await admin()['contact-submissions'].$get({ query: { source: invalidBody('web') } }, staff()), 'source'],
      [await admin()['contact-submissions.csv'].$get({ query: { source: invalidBody('web') } }, staff()), 'source'],
      [await admin()['contact-submissions.csv'].$get({ query: { from: 'yesterday' } }, staff()), 'from'],
    ];
    for (const [response, field] of checks) expect(await fieldsOf(response)).toHaveProperty(field);
    // The same parameter twice (what the typed client cannot send).
    for (const path of ['clients?q=a&q=b', 'projects?limit=1&limit=2', 'contact-submissions?status=new&status=won']) {
      const response = await api.raw(`/api/admin/${path}`, staff());
      expect(response.status, path).toBe(422);
    }
  });
});

describe('the list routes for staff', () => {
  // Without a staff session each answers 401: tests/integration/unauthorized-routes.test.ts.
  const endpoints: [string, (options: Options) => Promise<Response>][] = [
    ['GET /api/admin/clients', (o) => admin().clients.$get({ query: { q: 'a' } }, o)],
    ['GET /api/admin/projects', (o) => admin().projects.$get({ query: { status: 'planning' } }, o)],
    ['GET /api/admin/communications', (o) => admin().communications.$get({ query: { unread: 'true' } }, o)],
    ['GET /api/admin/contact-submissions', (o) => admin()['contact-submissions'].$get({ query: {} }, o)],
    ['GET /api/admin/contact-submissions.csv', (o) => admin()['contact-submissions.csv'].$get({ query: {} }, o)],
    [
      'POST /api/admin/contact-submissions/bulk-status',
      (o) => admin()['contact-submissions']['bulk-status'].$post({ json: { ids: ['none'], status: 'lost' } }, o),
    ],
  ];

  it.each(endpoints)('%s answers 200 for staff', async (_name, call) => {
    expect((await call(staff())).status).toBe(200);
  });

  it('GET /api/admin/contact-submissions/:id: the lead for staff, 404 when missing', async () => {
    const [id] = await insertLeads([{ name: 'Single Lead', email: 's@x.example', message: 'm', source: 'audit' }]);
    const get = (o: Options, leadId = id!) => admin()['contact-submissions'][':id'].$get({ param: { id: leadId } }, o);
    const found = await get(staff());
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ id, name: 'Single Lead', source: 'audit', status: 'new' });
    const missing = await get(staff(), 'no-such-lead');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe('Lead not found');
  });
});

describe('bulk status of leads', () => {
  const bulk = (json: { ids: string[]; status: 'new' | 'contacted' | 'won' | 'lost' }) =>
    admin()['contact-submissions']['bulk-status'].$post({ json }, staff());

  it('sets the status of the selected leads in one go, with one admin event each, ignoring unknown ids', async () => {
    const leadIds = await insertLeads(
      ['Bulk One', 'Bulk Two', 'Bulk Three', 'Bulk Four'].map((name) => ({ name, message: 'm', source: 'landing' })),
    );
    const chosen = leadIds.slice(0, 3);
    const response = await bulk({ ids: [...chosen, 'no-such-lead', chosen[0]!], status: 'contacted' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ updated: 3 });
    const rows = await api.db.read.select().from(contactSubmissions).where(inArray(contactSubmissions.id, leadIds));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.status]))).toEqual({
      'Bulk One': 'contacted',
      'Bulk Two': 'contacted',
      'Bulk Three': 'contacted',
      'Bulk Four': 'new',
    });
    const events = await api.db.read.select().from(adminEvents).where(inArray(adminEvents.entityId, leadIds));
    expect(events.map((e) => [e.entityId, e.action, e.entity, e.username, e.summary]).sort()).toEqual(
      chosen
        .map((id, i) => [id, 'update', 'lead', ADMIN, `Lead Bulk ${['One', 'Two', 'Three'][i]} is now contacted`])
        .sort(),
    );
    // The list's filter and the lead's own page see the change.
    const contacted = await (
      await admin()['contact-submissions'].$get({ query: { q: 'bulk', status: 'contacted' } }, staff())
    ).json();
    expect(ids(contacted.items).sort()).toEqual([...chosen].sort());
    expect(contacted.total).toBe(3);

    // Leads that already have the status do not count, and get no event.
    expect(await (await bulk({ ids: chosen, status: 'contacted' })).json()).toEqual({ updated: 0 });
    expect(await api.db.read.select().from(adminEvents).where(inArray(adminEvents.entityId, leadIds))).toHaveLength(3);
    // Only unknown ids: nothing changes.
    expect(await (await bulk({ ids: ['missing-1', 'missing-2'], status: 'won' })).json()).toEqual({ updated: 0 });
    const [unchanged] = await api.db.read
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, leadIds[3]!));
    expect(unchanged?.status).toBe('new');
  });

  it('runs beside list reads and an export without failing any of them', async () => {
    const leadIds = await insertLeads(
      Array.from({ length: 300 }, (_, i) => ({ name: `Concurrent ${i}`, message: 'qzconc', source: 'audit' as const })),
    );
    const [won, lost, exported, ...listed] = await Promise.all([
      bulk({ ids: leadIds.slice(100), status: 'won' }),
      bulk({ ids: leadIds.slice(0, 100), status: 'lost' }),
      admin()['contact-submissions.csv'].$get({ query: { q: 'qzconc' } }, staff()),
      ...Array.from({ length: 6 }, (_, i) =>
        admin()['contact-submissions'].$get({ query: { q: 'qzconc', limit: String(10 + i) } }, staff()),
      ),
    ]);
    expect([won, lost, exported, ...listed].map((r) => r.status)).toEqual(Array(9).fill(200));
    expect(await won.json()).toEqual({ updated: 200 });
    expect(await lost.json()).toEqual({ updated: 100 });
    const csvIds = (await exported.text())
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',')[0]);
    expect(csvIds.sort()).toEqual([...leadIds].sort());
    for (const response of listed) expect((await response.json()).total).toBe(300);
    const byStatus = async (status: 'won' | 'lost') =>
      (await (await admin()['contact-submissions'].$get({ query: { q: 'qzconc', status } }, staff())).json()).total;
    expect([await byStatus('won'), await byStatus('lost')]).toEqual([200, 100]);
  });

  it('takes 500 ids and refuses an empty list, 501 ids or an unknown status with 422', async () => {
    const many = await insertLeads(
      Array.from({ length: 500 }, (_, i) => ({ name: `Mass ${i}`, message: 'm', source: 'audit' as const })),
    );
    const eventsBefore = (await api.db.read.select({ n: count() }).from(adminEvents))[0]!.n;
    expect(await (await bulk({ ids: many, status: 'lost' })).json()).toEqual({ updated: 500 });
    expect((await api.db.read.select({ n: count() }).from(adminEvents))[0]!.n).toBe(eventsBefore + 500);

    const refusals: [Parameters<typeof bulk>[0], string, string][] = [
      [{ ids: [], status: 'won' }, 'ids', 'Select at least one lead'],
      [{ ids: [...many, 'one-more'], status: 'won' }, 'ids', 'Select at most 500 leads'],
      [{ ids: [many[0]!], status: invalidBody('archived') }, 'status', 'Choose a status'],
      [invalidBody({ status: 'won' }), 'ids', 'Select at least one lead'],
      [{ ids: [''], status: 'won' }, 'ids.0', expect.any(String) as unknown as string],
    ];
    for (const [json, field, message] of refusals) {
      const response = await bulk(json);
      expect(response.status, JSON.stringify(json).slice(0, 60)).toBe(422);
      expect((await errorOf(response)).fields?.[field]).toEqual(message);
    }
    const [first] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, many[0]!));
    expect(first?.status).toBe('lost');
  });
});

describe('items as the lists send them', () => {
  it('carry no internal rowid and equal what the single-record routes answer', async () => {
    const { client, project } = await clientWithProject('Shape Owner', 'Shape Project', 'shape@qxshape.example');
    await api.db.write((tx) => tx.update(projects).set({ description: 'qxshape' }).where(eq(projects.id, project.id)));
    await api.db.write((tx) =>
      tx.insert(communications).values({ projectId: project.id, subject: 'Shape subject', message: 'qxshape' }),
    );
    const [leadId] = await insertLeads([{ name: 'Shape Lead', message: 'qxshape', source: 'landing', urgent: true }]);
    for (const list of LISTS) {
      const found = await page(list, { q: 'qxshape' });
      expect(found.items, list).toHaveLength(1);
      expect(Object.keys(found.items[0]!), list).not.toContain('rowid');
      expect(
        (await page(list, { limit: '200' })).items.some((i) => 'rowid' in i),
        list,
      ).toBe(false);
    }
    const [listedClient] = (await (await admin().clients.$get({ query: { q: 'qxshape' } }, staff())).json()).items;
    const oneClient = await (await admin().clients[':id'].$get({ param: { id: client.id } }, staff())).json();
    expect(oneClient).toEqual(listedClient);
    expect(listedClient).toMatchObject({ id: client.id, projectCount: 1 });
    const [listedProject] = (await (await admin().projects.$get({ query: { q: 'qxshape' } }, staff())).json()).items;
    const oneProject = await (await admin().projects[':id'].$get({ param: { id: project.id } }, staff())).json();
    expect(oneProject).toEqual(listedProject);
    expect(listedProject).toMatchObject({ messageCount: 1, milestoneCount: 0, client: { name: 'Shape Owner' } });
    const [listedLead] = (
      await (await admin()['contact-submissions'].$get({ query: { q: 'qxshape' } }, staff())).json()
    ).items;
    const oneLead = await admin()['contact-submissions'][':id'].$get({ param: { id: leadId! } }, staff());
    // The lead's own route adds its audit report (null here), which the list leaves out.
    expect(await oneLead.json()).toEqual({ ...listedLead, auditReport: null });
    expect(listedLead).toMatchObject({ name: 'Shape Lead', urgent: true, status: 'new' });
  });
});

/** RFC 4180 CSV (CRLF records, "" escapes) → rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('CSV export of the leads', () => {
  const HEADER = [
    'id',
    'createdAt',
    'status',
    'source',
    'urgent',
    'name',
    'email',
    'phone',
    'howDidYouFindUs',
    'subject',
    'services',
    'message',
    'auditScore',
    'auditError',
  ];
  const csv = async (query: { q?: string; status?: 'won' | 'new'; source?: 'audit'; sort?: string; to?: string }) => {
    const response = await admin()['contact-submissions.csv'].$get({ query }, staff());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(HEADER);
    return rows.slice(1);
  };

  it('writes every matching lead exactly once over several internal batches', async () => {
    const sources = ['landing', 'audit', 'emergency'] as const;
    const statuses = ['new', 'contacted', 'won', 'lost'] as const;
    const created = await insertLeads(
      Array.from({ length: 2500 }, (_, i) => ({
        name: i % 5 === 0 ? `Qzcsv Export Lead ${i}` : `Export Lead ${i}`,
        email: `export${i}@example.com`,
        message: `qzcsv row ${i}`,
        source: sources[i % 3]!,
        status: statuses[i % 4]!,
        // Many share an instant, so batches end inside runs of equal times.
        createdAt: new Date(Date.UTC(2023, 0, 1) + Math.floor(i / 7) * 1000),
      })),
    );
    for (const sort of [undefined, 'createdAt.asc', 'name.desc', 'status.asc', 'createdAt.desc']) {
      const rows = await csv({ q: 'qzcsv', ...(sort ? { sort } : {}) });
      const exported = rows.map((r) => r[0]!);
      expect(exported.length, String(sort)).toBe(2500);
      expect(new Set(exported).size).toBe(2500);
      expect([...exported].sort()).toEqual([...created].sort());
      if (sort === 'createdAt.asc') {
        const times = rows.map((r) => Date.parse(r[1]!));
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }
      if (sort === 'status.asc') {
        const statusesInOrder = rows.map((r) => r[2]!);
        expect(statusesInOrder).toEqual([...statusesInOrder].sort());
      }
      if (sort === undefined) {
        // By relevance: the 500 leads with the word in their name first.
        expect(rows.slice(0, 500).every((r) => r[5]!.startsWith('Qzcsv'))).toBe(true);
        expect(rows.slice(500).some((r) => r[5]!.startsWith('Qzcsv'))).toBe(false);
      }
    }
    // Filters: every 12th lead is a won audit lead.
    const won = await csv({ q: 'qzcsv', status: 'won', source: 'audit' });
    const expected = created.filter((_, i) => i % 4 === 2 && i % 3 === 1);
    expect(won.map((r) => r[0]).sort()).toEqual([...expected].sort());
    expect(won.every((r) => r[2] === 'won' && r[3] === 'audit')).toBe(true);
    // The list and the export agree.
    const listed = await (
      await admin()['contact-submissions'].$get({ query: { q: 'qzcsv', status: 'won', source: 'audit' } }, staff())
    ).json();
    expect(listed.total).toBe(expected.length);
    // Nothing found: the header alone.
    expect(await csv({ q: 'qzcsv', to: '2000-01-01' })).toEqual([]);
    // No search: every lead in the table.
    const all = await csv({});
    const [{ n }] = (await api.db.read.select({ n: count() }).from(contactSubmissions)) as [{ n: number }];
    expect(all.length).toBe(n);
    expect(new Set(all.map((r) => r[0])).size).toBe(n);
    // 2,500 leads inserted and read back over a libSQL server too.
  }, 30_000);

  it('neutralises formulas and keeps commas, quotes and line breaks in their cell', async () => {
    const names = ['=HYPERLINK("http://evil.example","x")', '+1 (302) 555', '-2+3', '@SUM(A1)', '\tTabbed'];
    await insertLeads(
      names.map((name, i) => ({
        name,
        email: `formula${i}@qzformula.example`,
        message: i === 0 ? 'Line one,\r\nline "two"\nthree' : '=1+1',
        source: 'landing' as const,
        services: ['SEO', 'Design'],
        auditScore: i === 1 ? 87 : null,
        auditError: i === 3 ? 'We could not find that website. Please check the address.' : null,
        urgent: i === 2,
      })),
    );
    const rows = await csv({ q: 'qzformula', sort: 'createdAt.asc' });
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.length === HEADER.length)).toBe(true);
    const byName = new Map(rows.map((r) => [r[5], r]));
    for (const name of names) expect(byName.has(`'${name}`), name).toBe(true);
    const first = byName.get(`'${names[0]}`)!;
    expect(first[11]).toBe('Line one,\r\nline "two"\nthree');
    expect(first[10]).toBe('SEO; Design');
    expect(byName.get(`'${names[1]}`)![12]).toBe('87');
    expect(byName.get(`'${names[3]}`)![13]).toBe('We could not find that website. Please check the address.');
    expect(byName.get(`'${names[1]}`)![13]).toBe('');
    expect(byName.get(`'${names[2]}`)![4]).toBe('yes');
    expect(rows.filter((r) => r[11] === "'=1+1")).toHaveLength(4);
  });
});

describe('the summary after writes', () => {
  const summary = async () => (await admin().summary.$get({}, staff())).json();
  const totals = async () =>
    Object.fromEntries(await Promise.all(LISTS.map(async (l) => [l, (await page(l, {})).total] as const)));

  it('moves with inserts and cascading deletes, and agrees with the lists', async () => {
    const before = await summary();
    const totalsBefore = await totals();
    const { client, project } = await clientWithProject('Summary Owner', 'Summary Site');
    await api.db.write((tx) => tx.update(projects).set({ status: 'in-progress' }).where(eq(projects.id, project.id)));
    await api.db.write((tx) => tx.insert(projects).values({ clientId: client.id, title: 'Summary Second' }));
    await api.db.write((tx) =>
      tx.insert(communications).values([
        { projectId: project.id, fromClient: true, subject: 'unread 1', message: 'm' },
        { projectId: project.id, fromClient: true, subject: 'unread 2', message: 'm' },
        { projectId: project.id, fromClient: true, subject: 'read', message: 'm', isRead: true },
        { projectId: project.id, fromClient: false, subject: 'team', message: 'm' },
      ]),
    );
    await insertLeads([{ name: 'Summary Lead', message: 'm', source: 'landing' }]);
    expect(await summary()).toEqual({
      totalClients: before.totalClients + 1,
      activeProjects: before.activeProjects + 1,
      totalProjects: before.totalProjects + 2,
      unreadMessages: before.unreadMessages + 2,
      newLeadsThisWeek: before.newLeadsThisWeek + 1,
      totalMessages: before.totalMessages + 4,
      totalLeads: before.totalLeads + 1,
      totalProposals: before.totalProposals,
    });
    expect(await totals()).toEqual({
      clients: totalsBefore.clients! + 1,
      projects: totalsBefore.projects! + 2,
      communications: totalsBefore.communications! + 4,
      leads: totalsBefore.leads! + 1,
    });
    const after = await summary();
    expect((await page('clients', {})).total).toBe(after.totalClients);
    expect((await page('projects', {})).total).toBe(after.totalProjects);
    const unread = await (await admin().communications.$get({ query: { unread: 'true' } }, staff())).json();
    expect(unread.total).toBe(after.unreadMessages);
    const active = await (await admin().projects.$get({ query: { status: 'in-progress' } }, staff())).json();
    expect(active.total).toBe(after.activeProjects);

    expect((await admin().clients[':id'].$delete({ param: { id: client.id } }, staff())).status).toBe(204);
    expect(await summary()).toEqual({
      ...before,
      newLeadsThisWeek: before.newLeadsThisWeek + 1,
      totalLeads: before.totalLeads + 1,
    });
    expect(await totals()).toEqual({ ...totalsBefore, leads: totalsBefore.leads! + 1 });
  });
});
