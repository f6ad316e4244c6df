/**
 * A signature while another process writes the same database (docs/decisions/0022-one-write-path.md):
 * a second process holds `BEGIN IMMEDIATE` on the file; accepting a proposal answers 200 or 503
 * with `Retry-After`, never 500, and is stored once when sent again.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agreements } from '../../db/schema/index.ts';
import { databaseFilePath } from '../../src/server/db/database.ts';
import { withStaffApi } from './helpers.ts';
import { call, proposalHelpers } from './proposal-helpers.ts';

const STAFF = 'owner@example.com';
const ROOT = join(import.meta.dirname, '../..');
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com' });
const { sentToClient } = proposalHelpers(suite);

describe('under another process’s write lock', () => {
  it('a signature answers 200 or 503 (never 500) and is stored once when sent again', async () => {
    const { id, ownerToken, documentHash } = await sentToClient('Busy Signing Co');
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'hold-write-lock.mjs'), databaseFilePath(suite.api.env.DATABASE_URL)!, '4000'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    expect(chunk.toString()).toContain('holding');
    const body = { signerName: 'Dana', consent: true, documentHash };
    const first = await call(suite, 'POST', `/api/client/proposals/${id}/accept`, ownerToken, body);
    expect([200, 503]).toContain(first.status);
    if (first.status === 503) {
      expect(first.headers.get('retry-after')).toBeTruthy();
      expect(first.body.error.code).toBe('database_busy');
    }
    await exited;
    const again = await call(suite, 'POST', `/api/client/proposals/${id}/accept`, ownerToken, body);
    // The first one stored it (the wait outlasted the lock), or the one sent again does.
    expect(again.status).toBe(first.status === 200 ? 409 : 200);
    expect((await suite.api.db.read.select().from(agreements).where(eq(agreements.proposalId, id))).length).toBe(1);
  }, 30_000);
});
