/**
 * A message's attachments and deleting files (docs/product.md#files): files uploaded to the
 * project go with a message by id, on both sides; a file of another project, an internal file, a
 * file already in a message, or (for a client) a staff file is refused and nothing is stored; a
 * client deletes only what it added, staff anything, and the bytes go with the row.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communications, projectFiles } from '../../db/schema/index.ts';
import { bearer, errorOf, withStaffApi } from './helpers.ts';

const STAFF = 'staff@firststatewebstudio.com';
const suite = withStaffApi(STAFF);

let seq = 0;
async function clientWithProject() {
  const registered = await suite.api.fresh().client.register.$post({
    json: { name: 'Attach Client', email: `attach-${++seq}-${Date.now()}@example.com`, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  const project = await (
    await suite.api.http.admin.projects.$post(
      { json: { clientId: client.id, title: 'Site' } },
      bearer(suite.staffToken),
    )
  ).json();
  return { token, clientId: client.id, projectId: project.id };
}

const TEXT = (words: string) => new TextEncoder().encode(`${words}\n`);

async function upload(projectId: string, name: string, as: { client: string } | 'staff', internal = false) {
  const form = new FormData();
  if (internal) form.set('internal', 'true');
  form.set('file', new Blob([Buffer.from(TEXT(`contents of ${name}`))]), name);
  const area = as === 'staff' ? 'admin' : 'client';
  const response = await suite.api.raw(`/api/${area}/projects/${projectId}/files`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${as === 'staff' ? suite.staffToken : as.client}` },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; name: string; size: number; type: string };
}

const clientSends = (token: string, projectId: string, attachments: string[]) =>
  suite.api.http.client.projects[':projectId'].communications.$post(
    { param: { projectId }, json: { subject: 'Copy', message: 'Here are the texts', attachments } },
    bearer(token),
  );
const staffSends = (projectId: string, attachments: string[]) =>
  suite.api.http.admin.projects[':id'].communications.$post(
    { param: { id: projectId }, json: { subject: 'Drafts', message: 'Two drafts attached', attachments } },
    bearer(suite.staffToken),
  );

async function messageCount(projectId: string) {
  const [row] = await suite.api.db.read
    .select({ n: count() })
    .from(communications)
    .where(eq(communications.projectId, projectId));
  return row?.n ?? 0;
}

describe('attachments', () => {
  it('a client’s message carries its files, which both sides then see on the message and in Files', async () => {
    const { token, projectId } = await clientWithProject();
    const a = await upload(projectId, 'about.txt', { client: token });
    const b = await upload(projectId, 'menu.txt', { client: token });
    const sent = await clientSends(token, projectId, [b.id, a.id]);
    expect(sent.status).toBe(201);
    const { communication } = await sent.json();
    expect(communication.attachments.map((f) => f.name)).toEqual(['menu.txt', 'about.txt']);

    const detail = await (
      await suite.api.http.client.projects[':projectId'].$get({ param: { projectId } }, bearer(token))
    ).json();
    expect(detail.communications[0]?.attachments.map((f) => f.id).sort()).toEqual([a.id, b.id].sort());
    const staffList = await (
      await suite.api.http.admin.communications.$get({ query: { projectId } }, bearer(suite.staffToken))
    ).json();
    expect(staffList.items[0]?.attachments).toHaveLength(2);
    const files = await (
      await suite.api.http.admin.projects[':id'].files.$get({ param: { id: projectId } }, bearer(suite.staffToken))
    ).json();
    expect(files.items.map((f) => f.communicationId)).toEqual([communication.id, communication.id]);
  });

  it('staff attach their files to a reply', async () => {
    const { projectId } = await clientWithProject();
    const draft = await upload(projectId, 'draft.txt', 'staff');
    const sent = await staffSends(projectId, [draft.id]);
    expect(sent.status).toBe(201);
    expect((await sent.json()).communication.attachments).toEqual([
      { id: draft.id, name: 'draft.txt', size: draft.size, type: 'text/plain' },
    ]);
  });

  it('refuses another project’s file, an internal file, a file already sent, a staff file for a client, and 11 files; nothing is stored', async () => {
    const mine = await clientWithProject();
    const other = await clientWithProject();
    const foreign = await upload(other.projectId, 'theirs.txt', { client: other.token });
    const internal = await upload(mine.projectId, 'notes.txt', 'staff', true);
    const staffFile = await upload(mine.projectId, 'draft.txt', 'staff');
    const own = await upload(mine.projectId, 'own.txt', { client: mine.token });
    expect((await clientSends(mine.token, mine.projectId, [own.id])).status).toBe(201);
    const before = await messageCount(mine.projectId);

    for (const ids of [[foreign.id], [internal.id], [own.id], [staffFile.id], ['no-such-file']]) {
      const refused = await clientSends(mine.token, mine.projectId, ids);
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).fields?.attachments).toMatch(/could not be attached/);
    }
    expect((await staffSends(mine.projectId, [internal.id])).status).toBe(422);
    const tooMany = await clientSends(
      mine.token,
      mine.projectId,
      Array.from({ length: 11 }, (_, i) => `f${i}`),
    );
    expect(tooMany.status).toBe(422);
    expect((await errorOf(tooMany)).fields?.attachments).toBe('A message can carry at most 10 files');
    const twice = await clientSends(mine.token, mine.projectId, ['same', 'same']);
    expect(twice.status).toBe(422);

    expect(await messageCount(mine.projectId)).toBe(before);
    const [foreignRow] = await suite.api.db.read.select().from(projectFiles).where(eq(projectFiles.id, foreign.id));
    expect(foreignRow?.communicationId).toBeNull();
  });
});

describe('deleting files', () => {
  it('a client deletes its own file (row and bytes) but not the team’s or another client’s', async () => {
    const mine = await clientWithProject();
    const other = await clientWithProject();
    const own = await upload(mine.projectId, 'own.txt', { client: mine.token });
    const staffFile = await upload(mine.projectId, 'draft.txt', 'staff');
    const theirs = await upload(other.projectId, 'theirs.txt', { client: other.token });
    const [row] = await suite.api.db.read.select().from(projectFiles).where(eq(projectFiles.id, own.id));

    const del = (id: string, token: string) =>
      suite.api.http.client.files[':id'].$delete({ param: { id } }, bearer(token));
    expect((await del(staffFile.id, mine.token)).status).toBe(404);
    expect((await del(theirs.id, mine.token)).status).toBe(404);
    const deleted = await del(own.id, mine.token);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: { id: own.id, name: 'own.txt' } });
    expect(await suite.api.storage.exists(row!.storageKey)).toBe(false);
    expect(
      (await suite.api.raw(`/api/files/${own.id}`, { headers: { authorization: `Bearer ${mine.token}` } })).status,
    ).toBe(404);
    expect((await del(own.id, mine.token)).status).toBe(404);
  });

  it('staff delete any file, and an approval of it keeps its record', async () => {
    const { token, projectId } = await clientWithProject();
    const file = await upload(projectId, 'logo.txt', { client: token });
    const asked = await suite.api.http.admin.approvals.$post(
      { json: { projectId, fileId: file.id, title: 'Logo v1' } },
      bearer(suite.staffToken),
    );
    expect(asked.status).toBe(201);
    const deleted = await suite.api.http.admin.files[':id'].$delete(
      { param: { id: file.id } },
      bearer(suite.staffToken),
    );
    expect(deleted.status).toBe(200);
    const [approval] = await (await suite.api.http.client.approvals.$get({}, bearer(token))).json();
    expect(approval).toMatchObject({ title: 'Logo v1', fileId: null, file: null, status: 'pending' });
    expect(approval?.subjectSha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('an approval whose subject changed', () => {
  it('cannot be answered once its milestone was edited or its file deleted (409 subject_changed)', async () => {
    const { token, projectId } = await clientWithProject();
    const milestone = await (
      await suite.api.http.admin.projects[':id'].milestones.$post(
        { param: { id: projectId }, json: { title: 'Homepage', description: 'Hero and menu' } },
        bearer(suite.staffToken),
      )
    ).json();
    const file = await upload(projectId, 'logo.txt', 'staff');
    const ids: string[] = [];
    for (const json of [
      { projectId, milestoneId: milestone.id, title: 'Homepage v1' },
      { projectId, fileId: file.id, title: 'Logo v1' },
    ]) {
      ids.push((await (await suite.api.http.admin.approvals.$post({ json }, bearer(suite.staffToken))).json()).id);
    }
    await suite.api.http.admin.milestones[':id'].$put(
      { param: { id: milestone.id }, json: { title: 'Homepage', description: 'Hero, menu and hours' } },
      bearer(suite.staffToken),
    );
    await suite.api.http.admin.files[':id'].$delete({ param: { id: file.id } }, bearer(suite.staffToken));
    for (const approvalId of ids) {
      const answer = await suite.api.http.client.approvals[':approvalId'].decision.$post(
        { param: { approvalId }, json: { decision: 'approved' } },
        bearer(token),
      );
      expect(answer.status).toBe(409);
      expect((await errorOf(answer)).code).toBe('subject_changed');
    }
  });
});
