/**
 * What a libSQL server does differently from an embedded file, met by the write path and the
 * event reader (docs/decisions/0038-libsql-server-in-tests.md), against a real `sqld`:
 * - a second writer is queued by the server, which hands it the lock after about 5 s: the first
 *   writer's transaction is then rolled back (TRANSACTION_TIMEOUT) and must be run again whole, or
 *   shed as 503 once its wait has run out, never a 500;
 * - a transaction idle for 10 s is dropped (STREAM_EXPIRED) and is run again the same way;
 * - stopping the event reader waits for its read in flight, so the database can close after it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions } from '../../db/schema/index.ts';
import { migrateDatabase, openDatabase, PATIENT_WRITES, type Database } from '../../src/server/db/database.ts';
import { DatabaseBusyError } from '../../src/server/db/errors.ts';
import { startEventTail } from '../../src/server/services/events/tail.ts';
import { startSqld, type Sqld } from '../support/sqld.ts';
import { capturedLogLines } from '../setup/console.ts';
import { createTestApi, type TestApi } from './helpers.ts';

let server: Sqld;
let db: Database;

beforeAll(async () => {
  server = await startSqld();
  db = await openDatabase(server.url);
  await migrateDatabase(db, join(import.meta.dirname, '../../db/migrations'));
});
afterAll(async () => {
  db.close();
  await server.stop();
});

const insertKey = (key: string) => sql`insert into rate_limits (key, points, expire) values (${key}, 1, null)`;
const countKeys = async (prefix: string) =>
  Number(
    (await db.read.get<{ n: number }>(sql`select count(*) as n from rate_limits where key like ${prefix + '%'}`))?.n,
  );

/**
 * A write by `first` whose first run holds its transaction open until `second`'s write (started
 * once the first holds the lock) has committed, which the server allows only after handing the
 * lock over; returns both outcomes and how many times the first write's work ran.
 */
async function lockHandedOver(first: Database, second: Database, key: string) {
  let runs = 0;
  let secondWrite: Promise<unknown> | undefined;
  // The second writer is another process: its write starts outside the first one's.
  const outside = AsyncLocalStorage.snapshot();
  const firstWrite = first.write(async (tx) => {
    runs++;
    await tx.run(insertKey(`${key}-first-${runs}`));
    if (runs === 1) {
      secondWrite = outside(() => second.write((other) => other.run(insertKey(`${key}-second`))));
      await secondWrite;
      // The lock is the second writer's now: this statement finds the transaction gone.
      await tx.run(insertKey(`${key}-first-after`));
    }
  });
  const outcome = await firstWrite.then(
    () => 'committed' as const,
    (error: unknown) => error,
  );
  return { outcome, runs, second: await secondWrite };
}

describe('a writer whose lock the server hands to another', () => {
  it('is run again whole, once, when it may wait (a command-line script): both writes stored once', async () => {
    const patient = await openDatabase(server.url, undefined, PATIENT_WRITES);
    const other = await openDatabase(server.url);
    try {
      const { outcome, runs } = await lockHandedOver(patient, other, 'patient');
      expect(outcome).toBe('committed');
      expect(runs).toBe(2);
      expect(await countKeys('patient-second')).toBe(1);
      // The first run's rows were rolled back with it; the second run's row is there once.
      expect(await countKeys('patient-first-1')).toBe(0);
      expect(await countKeys('patient-first-after')).toBe(0);
      expect(await countKeys('patient-first-2')).toBe(1);
    } finally {
      patient.close();
      other.close();
    }
  }, 30_000);

  it("is shed as DatabaseBusyError once the server's wait is past its own (a server), leaving nothing", async () => {
    const serverProcess = await openDatabase(server.url);
    const other = await openDatabase(server.url);
    try {
      const { outcome } = await lockHandedOver(serverProcess, other, 'shed');
      expect(outcome).toBeInstanceOf(DatabaseBusyError);
      expect(await countKeys('shed-first')).toBe(0);
      expect(await countKeys('shed-second')).toBe(1);
    } finally {
      serverProcess.close();
      other.close();
    }
  }, 30_000);
});

describe('a transaction left idle past the stream expiry', () => {
  it('is run again whole and stored once', async () => {
    const patient = await openDatabase(server.url, undefined, PATIENT_WRITES);
    try {
      let runs = 0;
      await patient.write(async (tx) => {
        runs++;
        await tx.run(insertKey(`idle-${runs}`));
        // Idle past the server's 10 s, the first time only.
        if (runs === 1) await new Promise((done) => setTimeout(done, 11_000));
        await tx.run(insertKey(`idle-after-${runs}`));
      });
      expect(runs).toBe(2);
      expect(await countKeys('idle-1')).toBe(0);
      expect(await countKeys('idle-2')).toBe(1);
      expect(await countKeys('idle-after-2')).toBe(1);
    } finally {
      patient.close();
    }
  }, 30_000);
});

describe('the event reader', () => {
  it('stops after its read in flight, so the database closes without a failed read', async () => {
    const own = await openDatabase(server.url);
    const tail = await startEventTail(own);
    let read = false;
    const reading = tail.catchUp().then(() => (read = true));
    await tail.stop();
    expect(read).toBe(true);
    own.close();
    await reading;
    expect(capturedLogLines().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe('the API while another process holds the lock on the server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ env: { DATABASE_URL: server.url } });
  });
  afterAll(() => api.close());

  it('answers each lead 201 or 503, never 500, and stores each 201 once; the holder is stored once', async () => {
    const holder = await openDatabase(server.url, undefined, PATIENT_WRITES);
    try {
      const before = (await api.db.read.select().from(contactSubmissions)).length;
      let runs = 0;
      let answers: number[] = [];
      const leads = Array.from({ length: 5 }, (_, n) => ({
        name: `Lead ${n}`,
        email: `lead${n}@example.com`,
        message: 'Asked while another process held the lock.',
        howDidYouFindUs: 'google-search' as const,
        key: crypto.randomUUID(),
      }));
      const post = async ({ key, ...json }: (typeof leads)[number]) =>
        (await api.fresh().contact.$post({ json }, { headers: { 'idempotency-key': key } })).status;
      const outside = AsyncLocalStorage.snapshot();
      await holder.write(async (tx) => {
        runs++;
        await tx.run(insertKey(`holder-${runs}`));
        if (runs > 1) return;
        answers = await outside(() => Promise.all(leads.map((lead) => post(lead))));
      });
      expect(answers.every((status) => status === 201 || status === 503)).toBe(true);
      const stored = (await api.db.read.select().from(contactSubmissions)).length - before;
      expect(stored).toBe(answers.filter((status) => status === 201).length);
      expect(await countKeys('holder-')).toBe(1);
      // Each visitor's form sends again with its key: every lead is stored, once.
      const retried = await Promise.all(leads.map((lead) => post(lead)));
      expect(retried.every((status) => status === 201)).toBe(true);
      expect((await api.db.read.select().from(contactSubmissions)).length - before).toBe(5);
    } finally {
      holder.close();
    }
  }, 30_000);
});
