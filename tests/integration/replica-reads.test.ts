/**
 * A server on a libSQL server replica reads its own writes (db/replica-catch-up.ts; README,
 * "Running more than one server"), against a real `sqld` primary and a replica of it: the replica
 * forwards each write to the primary and receives the commit a little later, so without the
 * write path's wait a read right after a write often misses it.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/database.ts';
import { startSqld, type Sqld } from '../support/sqld.ts';

let primary: Sqld;
let replica: Sqld;
let onPrimary: Database;
let onReplica: Database;

beforeAll(async () => {
  primary = await startSqld({ grpc: true });
  replica = await startSqld({ primaryGrpcUrl: primary.grpcUrl });
  onPrimary = await openDatabase(primary.url);
  await migrateDatabase(onPrimary, join(import.meta.dirname, '../../db/migrations'));
  onReplica = await openDatabase(replica.url);
  // The replica starts empty and copies the primary's migrations in the background: the test
  // measures reading one's writes once it has caught up with them, as a server's replica has.
  const migrations = async (db: Database) =>
    Number((await db.read.get<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`))?.n);
  const wanted = await migrations(onPrimary);
  for (let tries = 0; (await migrations(onReplica).catch(() => -1)) !== wanted; tries++) {
    if (tries > 200) throw new Error('the replica never caught up with the migrations');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  onReplica.close();
  onPrimary.close();
  await replica.stop();
  await primary.stop();
});

const keysLike = async (db: Database, prefix: string) =>
  Number(
    (await db.read.get<{ n: number }>(sql`select count(*) as n from rate_limits where key like ${prefix + '%'}`))?.n,
  );

describe('a server on a replica', () => {
  it('reads each of its writes at once, though the replica receives them after they are committed', async () => {
    const missed: number[] = [];
    for (let n = 1; n <= 40; n++) {
      await onReplica.write((tx) => tx.run(sql`insert into rate_limits (key, points) values (${`ryw-${n}`}, 1)`));
      if ((await keysLike(onReplica, 'ryw-')) !== n) missed.push(n);
    }
    expect(missed).toEqual([]);
    // The writes went to the primary.
    expect(await keysLike(onPrimary, 'ryw-')).toBe(40);
  });
});
