/**
 * Files and approvals while another process writes the same database (docs/decisions/0022-one-write-path.md):
 * a second process holds `BEGIN IMMEDIATE` on the file; an upload answers 201 or 503 with
 * `Retry-After`, never 500, and a 503 leaves no row and no stored bytes; an approval's decision
 * answers 200 or 503 the same way and is stored once when sent again.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvals, projectFiles } from '../../db/schema/index.ts';
import { databaseFilePath } from '../../src/server/db/database.ts';
import { bearer, withStaffApi } from './helpers.ts';

const STAFF = 'staff@firststatewebstudio.com';
const ROOT = join(import.meta.dirname, '../..');
const suite = withStaffApi(STAFF);

async function holdWriteLock(ms: number) {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'hold-write-lock.mjs'), databaseFilePath(suite.api.env.DATABASE_URL)!, String(ms)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('holding');
  return { exited };
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of suite.api.storage.keys()) keys.push(key);
  return keys;
}

describe('under another process’s write lock', () => {
  it('an upload answers 201 or 503 (never 500); a 503 leaves nothing; a decision is stored once when sent again', async () => {
    const registered = await suite.api.fresh().client.register.$post({
      json: { name: 'Busy Client', email: `busy-${Date.now()}@example.com`, password: 'secret-pass' },
    });
    const { token, client } = await registered.json();
    const project = await (
      await suite.api.http.admin.projects.$post(
        { json: { clientId: client.id, title: 'Busy site' } },
        bearer(suite.staffToken),
      )
    ).json();
    const milestone = await (
      await suite.api.http.admin.projects[':id'].milestones.$post(
        { param: { id: project.id }, json: { title: 'Plan' } },
        bearer(suite.staffToken),
      )
    ).json();
    const { id: approvalId } = await (
      await suite.api.http.admin.approvals.$post(
        { json: { projectId: project.id, milestoneId: milestone.id, title: 'Plan v1' } },
        bearer(suite.staffToken),
      )
    ).json();
    const keysBefore = (await storedKeys()).length;

    const holder = await holdWriteLock(4000);
    const uploads = await Promise.all(
      Array.from({ length: 3 }, (_, i) => {
        const form = new FormData();
        form.set('file', new Blob([Buffer.from(`busy file ${i}\n`)]), `busy-${i}.txt`);
        return suite.api.raw(`/api/client/projects/${project.id}/files`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        });
      }),
    );
    const decide = () =>
      suite.api.http.client.approvals[':approvalId'].decision.$post(
        { param: { approvalId }, json: { decision: 'approved' } },
        bearer(token),
      );
    const firstDecision = await decide();
    const statuses = [...uploads.map((r) => r.status), firstDecision.status];
    for (const status of statuses) expect([200, 201, 503]).toContain(status);
    // The lock outlasts the write path's wait: the writes were shed, not left hanging.
    expect(statuses).toContain(503);
    for (const r of [...uploads, firstDecision].filter((r) => r.status === 503)) {
      expect(r.headers.get('retry-after')).toBe('1');
    }
    await holder.exited;

    const [rows] = await suite.api.db.read
      .select({ n: count() })
      .from(projectFiles)
      .where(eq(projectFiles.projectId, project.id));
    const created = uploads.filter((r) => r.status === 201).length;
    expect(rows?.n).toBe(created);
    expect((await storedKeys()).length).toBe(keysBefore + created);

    const again = firstDecision.status === 503 ? await decide() : firstDecision;
    expect(again.status).toBe(200);
    expect((await decide()).status).toBe(409);
    const [row] = await suite.api.db.read.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(row?.status).toBe('approved');
  });
});
