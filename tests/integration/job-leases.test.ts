/**
 * The scheduled jobs' lease (docs/decisions/0024-event-log-and-leases.md): with several server
 * processes on one database, exactly one holds it; a holder that stops gives it up, one that
 * dies loses it at its expiry, and one whose renewals fail stops counting it before then.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepLease, type LeaseKeeper } from '../../src/server/jobs/lease-keeper.ts';
import { migrateDatabase } from '../../src/server/db/database.ts';
import { jobLeases } from '../../db/schema/index.ts';
import { leaseHolder, takeLease } from '../../src/server/ops/job-leases.ts';
import { openDatabaseHandle, type DatabaseHandle } from '../support/database.ts';
import { onLibsqlServer, startSqld, type Sqld } from '../support/sqld.ts';

let dir: string;
let first: DatabaseHandle;
let second: DatabaseHandle;
/** On the libSQL server run, the server both processes share. */
let server: Sqld | undefined;
const keepers: LeaseKeeper[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agency-lease-'));
  server = onLibsqlServer() ? await startSqld() : undefined;
  const url = server?.url ?? `file:${join(dir, 'lease.db')}`;
  first = await openDatabaseHandle(url);
  await migrateDatabase(first.db, join(import.meta.dirname, '../../db/migrations'));
  // A second process on the same file.
  second = await openDatabaseHandle(url);
});
afterEach(async () => {
  for (const keeper of keepers.splice(0)) await keeper.stop();
  first.client.close();
  second.client.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('takeLease', () => {
  it('gives the lease to one holder until it expires, lets that holder renew it, and then to another', async () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 25, 9) + ms);
    expect(await takeLease(first.db, 'jobs', 'A', 1000, at(0))).toBe(true);
    expect(await takeLease(second.db, 'jobs', 'B', 1000, at(500))).toBe(false);
    expect(await takeLease(first.db, 'jobs', 'A', 1000, at(900))).toBe(true);
    expect(await takeLease(second.db, 'jobs', 'B', 1000, at(1500))).toBe(false);
    expect(await leaseHolder(first.db, 'jobs')).toEqual({ holder: 'A', expiresAt: at(1900) });
    // A stopped renewing: at its expiry B takes it, and A is refused from then on.
    expect(await takeLease(second.db, 'jobs', 'B', 1000, at(1900))).toBe(true);
    expect(await takeLease(first.db, 'jobs', 'A', 1000, at(2000))).toBe(false);
    expect((await leaseHolder(first.db, 'jobs'))?.holder).toBe('B');
  });
});

describe('keepLease', () => {
  /** Every pair of `held` values the two keepers showed, sampled for `ms`. */
  const sample = async (ms: number) => {
    const seen = new Set<string>();
    const until = Date.now() + ms;
    while (Date.now() < until) {
      seen.add(`${keepers[0]!.held}/${keepers[1]!.held}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return seen;
  };
  /** Starts a keeper over each connection, the first one first; `now` is their clock. */
  const startBoth = async (now: () => number = Date.now) => {
    keepers.push(keepLease(first.db, 'jobs', { ttlMs: 300, renewMs: 50, now }));
    await keepers[0]!.ready;
    keepers.push(keepLease(second.db, 'jobs', { ttlMs: 300, renewMs: 50, now }));
    await keepers[1]!.ready;
  };

  it('lets exactly one of two processes hold it, and the other take it once the holder stops', async () => {
    await startBoth();
    expect(await sample(400)).toEqual(new Set(['true/false']));
    await keepers[0]!.stop();
    // Given up on stop (the row is gone), so the other takes it at its next renewal, which on a
    // libSQL server may come before this read: the stopped keeper never holds it again.
    expect([null, keepers[1]!.holder]).toContain((await leaseHolder(first.db, 'jobs'))?.holder ?? null);
    await vi.waitFor(() => expect(keepers[1]!.held).toBe(true), { timeout: 2_000 });
    expect((await leaseHolder(first.db, 'jobs'))?.holder).toBe(keepers[1]!.holder);
  });

  it('stops counting the lease as held by its expiry when renewals fail, and another takes it then', async () => {
    // Both keepers read the test's clock, which stands still until the test moves it (their
    // renewals still come on their timers).
    let now = Date.UTC(2026, 10, 25, 9);
    const clock = () => now;
    await startBoth(clock);
    expect([keepers[0]!.held, keepers[1]!.held]).toEqual([true, false]);
    // The holder's database goes away (as a dead disk would): every renewal fails from now on.
    first.db.close();
    // Every renewal it made began at `now` at the latest, so the lease it counts ends 300 ms on.
    now += 300;
    expect(keepers[0]!.held).toBe(false);
    // And the other takes it at its next renewal: the row's expiry has come for it too.
    await vi.waitFor(() => expect(keepers[1]!.held).toBe(true), { timeout: 5_000 });
    expect((await leaseHolder(second.db, 'jobs'))?.holder).toBe(keepers[1]!.holder);
  });

  it('replaces at once a holder of this machine whose process is gone, and waits for a live one', async () => {
    const exited = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => exited.once('exit', resolve));
    const inAnHour = new Date(Date.now() + 3_600_000);
    const dead = `${hostname()}:${exited.pid}:crashed`;
    await first.db.write((tx) => tx.insert(jobLeases).values({ name: 'jobs', holder: dead, expiresAt: inAnHour }));
    keepers.push(keepLease(first.db, 'jobs', { ttlMs: 300, renewMs: 50 }));
    await keepers[0]!.ready;
    expect(keepers[0]!.held).toBe(true);

    // A holder still running (here: this test's parent process) keeps its lease until it expires.
    const alive = `${hostname()}:${process.ppid}:running`;
    await first.db.write((tx) => tx.insert(jobLeases).values({ name: 'other', holder: alive, expiresAt: inAnHour }));
    keepers.push(keepLease(second.db, 'other', { ttlMs: 300, renewMs: 50 }));
    await keepers[1]!.ready;
    expect(keepers[1]!.held).toBe(false);
    expect((await leaseHolder(first.db, 'other'))?.holder).toBe(alive);
  });
});
