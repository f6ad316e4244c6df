/**
 * Data exports (docs/product.md#privacy): a client asks in settings, staff ask for a client or a
 * lead; the worker builds a ZIP (README.md, data.json with its schema version, one CSV per kind,
 * the person's own files) holding exactly that person's records and no secret; the emailed link
 * downloads it once within 48 hours; a person may ask once a day; an erasure takes the exports
 * with it.
 */
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { adminEvents, clientMembers, dataExports, projectFiles } from '../../db/schema/index.ts';
import {
  claimExport,
  EXPORT_LINK_TTL_MS,
  MAX_EXPORT_ATTEMPTS,
} from '../../src/server/services/privacy/data-exports.ts';
import { sweepExports } from '../../src/server/services/privacy/export-downloads.ts';
import { bearer, withStaffApi } from './helpers.ts';

const STAFF = 'maria.lopez@firststatewebstudio.com';
const suite = withStaffApi(STAFF);

const post = (path: string, token?: string, body?: unknown) =>
  suite.api.raw(path, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A client with a project, a message each way, an approval, a lead, a consent and files. */
async function clientWithRecords(tag: string) {
  const email = `${tag.toLowerCase()}-${Date.now()}@example.com`;
  const name = `Person ${tag}`;
  await suite.api.fresh().contact.$post({
    json: { name, email, message: `Lead message of ${tag}`, howDidYouFindUs: 'google-search' },
  });
  const registered = await suite.api.fresh().client.register.$post({
    json: { name, email, company: `${tag} Company`, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  const project = await (
    await suite.api.http.admin.projects.$post({ json: { clientId: client.id, title: `${tag} website` } }, suite.staff())
  ).json();
  await suite.api.http.client.projects[':projectId'].communications.$post(
    { param: { projectId: project.id }, json: { subject: `Question from ${tag}`, message: `Words of ${tag}` } },
    bearer(token),
  );
  await suite.api.http.admin.projects[':id'].communications.$post(
    { param: { id: project.id }, json: { subject: `Answer to ${tag}`, message: 'Our reply' } },
    suite.staff(),
  );
  const upload = async (who: string, fileName: string, bytes: string, internal = false) => {
    const form = new FormData();
    form.set('file', new Blob([Buffer.from(bytes)]), fileName);
    if (internal) form.set('internal', 'true');
    const base = who === 'client' ? 'client' : 'admin';
    const response = await suite.api.raw(`/api/${base}/projects/${project.id}/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${who === 'client' ? token : suite.staffToken}` },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const ownFile = await upload('client', `${tag}-brief.txt`, `the brief of ${tag}\n`);
  await upload('staff', `${tag}-mockup.txt`, 'a shared mock-up\n');
  await upload('staff', `${tag}-costing.txt`, 'our internal costing\n', true);
  const milestone = await (
    await suite.api.http.admin.projects[':id'].milestones.$post(
      { param: { id: project.id }, json: { title: `${tag} plan` } },
      suite.staff(),
    )
  ).json();
  const { id: approvalId } = await (
    await suite.api.http.admin.approvals.$post(
      { json: { projectId: project.id, milestoneId: milestone.id, title: `${tag} plan v1` } },
      suite.staff(),
    )
  ).json();
  await suite.api.http.client.approvals[':approvalId'].decision.$post(
    { param: { approvalId }, json: { decision: 'approved' } },
    bearer(token),
  );
  expect(
    (await post('/api/consent', token, { purpose: 'analytics', granted: true, textVersion: 'banner-2026-11' })).status,
  ).toBe(201);
  return { email, name, token, client, project, ownFile, approvalId };
}

/** The newest export email to `to` with `subject`, and its link's token. */
function exportLink(to: string, subject: string): string {
  const mail = suite.api
    .outbox()
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`) && m.includes(`Subject: ${subject}`))
    .at(-1);
  const token = mail?.match(/\/data-export#token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no export email to ${to}`);
  return token;
}

async function download(token: string) {
  const response = await post('/api/data-exports/download', undefined, { token });
  return { response, files: response.status === 200 ? unzipSync(new Uint8Array(await response.arrayBuffer())) : {} };
}

describe('a client exports their own data', () => {
  it('builds a ZIP of exactly their records, downloaded once, and asks once a day', async () => {
    const other = await clientWithRecords('Other');
    const me = await clientWithRecords('Mine');

    const asked = await post('/api/client/export', me.token);
    expect(asked.status).toBe(202);
    expect(((await asked.json()) as { export: { status: string } }).export.status).toBe('queued');
    const again = await post('/api/client/export', me.token);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('export_too_soon');

    await suite.api.deliver();
    const token = exportLink(me.email, 'Your data from');
    const status = await post('/api/data-exports/status', undefined, { token });
    expect(status.status).toBe(200);
    const { sizeBytes, fileName } = (await status.json()) as { sizeBytes: number; fileName: string };

    const { response, files } = await download(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename=data-export-\d{4}-\d\d-\d\d\.zip$/,
    );
    expect(Number(response.headers.get('content-length'))).toBe(sizeBytes);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${fileName}`);

    const names = Object.keys(files).sort();
    const fileEntries = names.filter((n) => n.startsWith('files/'));
    expect(fileEntries).toEqual([expect.stringMatching(/^files\/[0-9a-f]{8}\/[0-9a-f]{8}-Mine-brief\.txt$/)]);
    expect(strFromU8(files[fileEntries[0]!]!)).toBe('the brief of Mine\n');
    expect(names).toEqual(
      expect.arrayContaining(['README.md', 'data.json', 'profile.csv', 'projects.csv', 'messages.csv', 'files.csv']),
    );
    const data = JSON.parse(strFromU8(files['data.json']!)) as {
      schemaVersion: number;
      subject: { kind: string; id: string };
      records: Record<string, Record<string, unknown>[]>;
    };
    expect(data.schemaVersion).toBe(1);
    // The subject is the person who asked: the client's member (docs/product.md#client-teams).
    expect(data.subject).toMatchObject({ kind: 'client', id: me.client.member.id });
    const { records } = data;
    // Every kind, and how many of each are this client's: nothing more.
    expect(Object.fromEntries(Object.entries(records).map(([kind, rows]) => [kind, rows.length]))).toEqual({
      profile: 1,
      projects: 1,
      milestones: 1,
      messages: 2,
      files: 2,
      approvals: 1,
      agreements: 0,
      invoices: 0,
      sessions: 1,
      passkeys: 0,
      two_step_verification: 0,
      // The registration's "Confirm your email".
      emails: 1,
      leads: 1,
      lead_notes: 0,
      chats: 0,
      chat_messages: 0,
      bookings: 0,
      consents: 2,
      newsletter: 0,
    });
    expect(records.profile).toEqual([
      expect.objectContaining({ id: me.client.id, email: me.email, company: 'Mine Company' }),
    ]);
    expect(records.projects!.map((p) => p.id)).toEqual([me.project.id]);
    expect(records.messages!.map((m) => [m.from, m.subject])).toEqual([
      ['You', 'Question from Mine'],
      ['Agency', 'Answer to Mine'],
    ]);
    // Shared files are listed; the internal one is not; staff appear by name.
    expect(records.files!.map((f) => [f.name, f.uploadedBy])).toEqual([
      ['Mine-brief.txt', 'You'],
      ['Mine-mockup.txt', 'Maria Lopez'],
    ]);
    expect(records.approvals!.map((a) => [a.id, a.status, a.requestedBy])).toEqual([
      [me.approvalId, 'approved', 'Maria Lopez'],
    ]);
    expect(records.leads!.map((l) => l.message)).toEqual(['Lead message of Mine']);
    expect(records.consents!.map((c) => [c.purpose, c.granted, c.textVersion])).toEqual([
      ['contact-processing', true, 'contact-2026-11'],
      ['analytics', true, 'banner-2026-11'],
    ]);
    expect(records.consents![1]!.text).toContain('analytics only with your permission');
    expect(records.sessions!.length).toBeGreaterThan(0);
    // Nothing of the other client, no secret, no staff address.
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    for (const absent of [other.email, other.name, other.project.id, 'Other', STAFF, '$argon2', 'internal costing']) {
      expect(everything).not.toContain(absent);
    }
    const [row] = await suite.api.db.read.select().from(clientMembers).where(eq(clientMembers.id, me.client.member.id));
    expect(row!.passwordHash).toBeTruthy();
    expect(everything).not.toContain(row!.passwordHash);
    expect(strFromU8(files['README.md']!)).toContain('schema version 1');
    expect(strFromU8(files['messages.csv']!).split('\n')[0]).toBe('id,projectId,from,subject,message,readAt,createdAt');

    // The link works once.
    expect((await download(token)).response.status).toBe(410);
    expect((await post('/api/data-exports/status', undefined, { token })).status).toBe(410);
    const listed = (await (
      await suite.api.raw('/api/client/exports', { headers: { authorization: `Bearer ${me.token}` } })
    ).json()) as {
      status: string;
    }[];
    expect(listed.map((e) => e.status)).toEqual(['downloaded']);
  });

  it('expires the link after 48 hours and the sweep deletes the ZIP', async () => {
    const person = await clientWithRecords('Late');
    expect((await post('/api/client/export', person.token)).status).toBe(202);
    await suite.api.deliver();
    const token = exportLink(person.email, 'Your data from');
    const [row] = await suite.api.db.read
      .select()
      .from(dataExports)
      .where(eq(dataExports.subjectId, person.client.member.id));
    expect(await suite.api.storage.exists(row!.storageKey!)).toBe(true);
    await sweepExports(suite.api.db, suite.api.storage, new Date(Date.now() + EXPORT_LINK_TTL_MS + 1000));
    expect(await suite.api.storage.exists(row!.storageKey!)).toBe(false);
    expect((await download(token)).response.status).toBe(410);
    const [after] = await suite.api.db.read.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(after).toMatchObject({ status: 'expired', storageKey: null });
  });

  it('retries a failed build, marks it failed, and lets the person ask again', async () => {
    const person = await clientWithRecords('Broken');
    const [file] = await suite.api.db.read.select().from(projectFiles).where(eq(projectFiles.id, person.ownFile));
    await suite.api.storage.delete(file!.storageKey);
    expect((await post('/api/client/export', person.token)).status).toBe(202);
    for (let i = 0; i < MAX_EXPORT_ATTEMPTS; i++) await suite.api.deliver();
    const [row] = await suite.api.db.read
      .select()
      .from(dataExports)
      .where(eq(dataExports.subjectId, person.client.member.id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_EXPORT_ATTEMPTS, storageKey: null });
    expect((await post('/api/client/export', person.token)).status).toBe(202);
    for (let i = 0; i < MAX_EXPORT_ATTEMPTS; i++) await suite.api.deliver();
    const rows = await suite.api.db.read
      .select()
      .from(dataExports)
      .where(eq(dataExports.subjectId, person.client.member.id));
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it('takes one of two asks at once, hands one of two downloads at once, and builds what a dead worker left', async () => {
    const person = await clientWithRecords('Twice');
    // Another server on the same database takes one ask, this one the other, at the same moment.
    const other = await suite.api.secondApp();
    const ask = (raw: typeof suite.api.raw) =>
      raw('/api/client/export', { method: 'POST', headers: { authorization: `Bearer ${person.token}` } });
    const asks = await Promise.all([ask(suite.api.raw), ask(other.raw)]);
    expect(asks.map((r) => r.status).sort()).toEqual([202, 429]);
    // A worker claims it and dies: the lease runs out and the next round builds it.
    const claimed = await claimExport(suite.api.db, new Date(), 1);
    expect(claimed?.subjectId).toBe(person.client.member.id);
    await suite.api.deliver();
    const [row] = await suite.api.db.read
      .select()
      .from(dataExports)
      .where(eq(dataExports.subjectId, person.client.member.id));
    expect(row).toMatchObject({ status: 'ready', attempts: 2 });
    const token = exportLink(person.email, 'Your data from');
    const downloads = await Promise.all([download(token), download(token)]);
    expect(downloads.map((d) => d.response.status).sort()).toEqual([200, 410]);
  });

  it('needs a signed-in client, and refuses malformed links', async () => {
    expect((await post('/api/client/export')).status).toBe(401);
    const malformed = await suite.api.raw('/api/data-exports/download', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token":',
    });
    expect(malformed.status).toBe(400);
    expect((await post('/api/data-exports/status', undefined, { token: 42 })).status).toBe(422);
    expect((await post('/api/data-exports/download', undefined, { token: 'x'.repeat(43) })).status).toBe(410);
  });
});

describe('staff export a client or a lead', () => {
  it("sends a lead's export to the staff member who asked, and records it", async () => {
    const lead = await suite.api.fresh().contact.$post({
      json: {
        name: 'Lena Lead',
        email: `lena-${Date.now()}@example.com`,
        message: 'Quote for a shop',
        howDidYouFindUs: 'other',
      },
    });
    const { id } = (await lead.json()) as { id: string };
    expect(
      (await post(`/api/admin/contact-submissions/${id}/notes`, suite.staffToken, { body: 'Called her back' })).status,
    ).toBe(201);
    const asked = await post(`/api/admin/contact-submissions/${id}/export`, suite.staffToken);
    expect(asked.status).toBe(202);
    expect((await post(`/api/admin/contact-submissions/${id}/export`, suite.staffToken)).status).toBe(429);
    await suite.api.deliver();
    const { files } = await download(exportLink(STAFF, 'Data export of Lena Lead is ready'));
    const data = JSON.parse(strFromU8(files['data.json']!)) as { records: Record<string, Record<string, unknown>[]> };
    expect(data.records.leads!.map((l) => [l.id, l.message])).toEqual([[id, 'Quote for a shop']]);
    expect(data.records.lead_notes!.map((n) => [n.author, n.body])).toEqual([['Maria Lopez', 'Called her back']]);
    expect(data.records.consents!.map((c) => c.purpose)).toEqual(['contact-processing']);
    const events = await suite.api.db.read.select().from(adminEvents).where(eq(adminEvents.entityId, id));
    expect(events.map((e) => e.summary)).toContainEqual(expect.stringMatching(/^Exported the data of lead #/));
    expect((await post(`/api/admin/contact-submissions/${crypto.randomUUID()}/export`, suite.staffToken)).status).toBe(
      404,
    );
  });

  it("a client's export goes with its erasure", async () => {
    const person = await clientWithRecords('Gone');
    expect((await post(`/api/admin/clients/${person.client.id}/export`, suite.staffToken)).status).toBe(202);
    // The client's own asking is counted apart from the staff's.
    expect((await post('/api/client/export', person.token)).status).toBe(202);
    await suite.api.deliver();
    const token = exportLink(STAFF, 'Data export of Person Gone is ready');
    const rows = await suite.api.db.read
      .select()
      .from(dataExports)
      .where(eq(dataExports.subjectId, person.client.member.id));
    expect(rows.map((r) => r.status)).toEqual(['ready', 'ready']);
    expect((await post(`/api/admin/clients/${person.client.id}/erase`, suite.staffToken)).status).toBe(200);
    for (const row of rows) expect(await suite.api.storage.exists(row.storageKey!)).toBe(false);
    expect(
      await suite.api.db.read.select().from(dataExports).where(eq(dataExports.subjectId, person.client.member.id)),
    ).toEqual([]);
    expect((await download(token)).response.status).toBe(410);
    expect((await post(`/api/admin/clients/${person.client.id}/export`, suite.staffToken)).status).toBe(404);
  });
});
