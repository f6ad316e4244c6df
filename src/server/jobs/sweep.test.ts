import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adminSessions,
  clientSessions,
  events,
  idempotencyKeys,
  rateLimits,
  singleUseTokens,
  type SingleUsePurpose,
} from '../../../db/schema/index.ts';
import { insertClient } from '../services/clients/clients.ts';
import { migrateDatabase } from '../db/database.ts';
import { openDatabaseHandle, type DatabaseHandle } from '../../../tests/support/database.ts';
import { createPasswordResetToken } from '../services/sign-in/password-resets.ts';
import { createSession } from '../services/sign-in/sessions.ts';
import { createSignInLink } from '../services/sign-in/sign-in-links.ts';
import { upsertStaffUser } from '../services/staff-users.ts';
import { scheduleSweep, SWEEP_EVERY_MS } from './sweep.ts';

const HOUR = 60 * 60 * 1000;
let dir: string;
let handle: DatabaseHandle;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agency-sweep-'));
  handle = await openDatabaseHandle(`file:${join(dir, 'sweep.db')}`);
  await migrateDatabase(handle.db, join(import.meta.dirname, '../../../db/migrations'));
});
afterEach(() => {
  vi.useRealTimers();
  handle.client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function count() {
  const { db } = handle;
  const tokens = async (purpose: SingleUsePurpose) =>
    (await db.read.select().from(singleUseTokens).where(eq(singleUseTokens.purpose, purpose))).length;
  return {
    client: (await db.read.select().from(clientSessions)).length,
    staff: (await db.read.select().from(adminSessions)).length,
    resets: await tokens('password-reset'),
    links: await tokens('staff-sign-in'),
  };
}

describe('the hourly sweep', () => {
  it('deletes what has expired, keeps what is still valid, and runs again every hour', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const start = new Date('2026-11-23T09:00:00Z');
    vi.setSystemTime(start);
    const { db } = handle;
    const client = await insertClient(db, { name: 'Ada', email: 'ada@example.com', passwordHash: 'x' });
    const staff = await upsertStaffUser(db, 'owner@example.com');

    // Already expired: a client session made 31 days ago, a staff session too, a reset link
    // made 2 hours ago (valid 1 hour), a sign-in link made 20 minutes ago (valid 15 minutes).
    const long = new Date(start.getTime() - 31 * 24 * HOUR);
    await createSession(db, 'client', client.owner.id, long);
    await createSession(db, 'staff', staff.id, long);
    await createPasswordResetToken(db, client.owner.id, new Date(start.getTime() - 2 * HOUR));
    await createSignInLink(db, staff.username, new Date(start.getTime() - 20 * 60 * 1000));
    // Still valid now: a fresh one of each.
    await createSession(db, 'client', client.owner.id, start);
    await createSession(db, 'staff', staff.id, start);
    await createPasswordResetToken(db, client.owner.id, start);
    await createSignInLink(db, staff.username, start);
    expect(await count()).toEqual({ client: 2, staff: 2, resets: 2, links: 2 });

    const schedule = scheduleSweep(db);
    await vi.waitFor(async () => expect(await count()).toEqual({ client: 1, staff: 1, resets: 1, links: 1 }));

    // An hour later the fresh reset and sign-in links have expired too; the sessions (30 days) have not.
    await vi.advanceTimersByTimeAsync(SWEEP_EVERY_MS);
    await vi.waitFor(async () => expect(await count()).toEqual({ client: 1, staff: 1, resets: 0, links: 0 }));

    // 30 days on, the sessions go as well.
    await vi.advanceTimersByTimeAsync(30 * 24 * HOUR);
    await vi.waitFor(async () => expect(await count()).toEqual({ client: 0, staff: 0, resets: 0, links: 0 }));
    await schedule.stop();
  });

  it('deletes rate-limit counts whose window ended and Idempotency-Keys older than 24 hours', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const start = new Date('2026-11-23T09:00:00Z');
    vi.setSystemTime(start);
    const { db } = handle;
    const at = (ms: number) => new Date(start.getTime() + ms);
    await db.write((tx) =>
      tx.insert(rateLimits).values([
        { key: 'lead:ended', points: 5, expire: at(-1000) },
        { key: 'lead:running', points: 2, expire: at(10 * 60 * 1000) },
      ]),
    );
    const key = (name: string, createdAt: Date) => ({
      key: `POST /api/contact:${name}`,
      scope: 'POST /api/contact',
      fingerprint: 'f',
      status: 201,
      body: { id: name },
      createdAt,
    });
    await db.write((tx) =>
      tx.insert(idempotencyKeys).values([key('old', at(-25 * HOUR)), key('recent', at(-23 * HOUR))]),
    );

    const schedule = scheduleSweep(db);
    const keysOf = async () => ({
      limits: (await db.read.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key),
      idempotency: (await db.read.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key),
    });
    await vi.waitFor(async () =>
      expect(await keysOf()).toEqual({ limits: ['lead:running'], idempotency: ['POST /api/contact:recent'] }),
    );
    await vi.advanceTimersByTimeAsync(SWEEP_EVERY_MS);
    await vi.waitFor(async () => expect(await keysOf()).toEqual({ limits: [], idempotency: [] }));
    await schedule.stop();
  });

  it('deletes live events older than 24 hours, however many, and keeps the newer ones', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const start = new Date('2026-11-23T09:00:00Z');
    vi.setSystemTime(start);
    const { db } = handle;
    const event = (hoursAgo: number) => ({
      topic: 'project-updated',
      audience: 'client:c1',
      payload: { projectId: 'p1', clientId: 'c1' },
      createdAt: new Date(start.getTime() - hoursAgo * HOUR),
    });
    // More than one prune batch (500) of old events, and the newest still within the 24 hours.
    await db.write((tx) => tx.insert(events).values(Array.from({ length: 1_203 }, () => event(25))));
    await db.write((tx) => tx.insert(events).values([event(24.5), event(23), event(0)]));

    const schedule = scheduleSweep(db);
    const ages = async () =>
      (await db.read.select({ createdAt: events.createdAt }).from(events)).map(
        (row) => (start.getTime() - row.createdAt.getTime()) / HOUR,
      );
    await vi.waitFor(async () => expect(await ages()).toEqual([23, 0]));
    await schedule.stop();
  });

  it('reports a failed sweep and keeps its schedule', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const errors: unknown[] = [];
    handle.client.close();
    const schedule = scheduleSweep(handle.db, { onError: (error) => errors.push(error) });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(SWEEP_EVERY_MS);
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    await schedule.stop();
    handle = await openDatabaseHandle(`file:${join(dir, 'sweep.db')}`);
  });
});
