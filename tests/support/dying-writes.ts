/**
 * A database whose writes kill the process by SIGKILL once their work is done and before they
 * commit, as `kill -9` would at that moment: the crash workers of the webhook and SMTP tests.
 */
import type { Database } from '../../src/server/db/database.ts';

/** Kills this process now, as `kill -9` would. */
export const die = (): void => void process.kill(process.pid, 'SIGKILL');

/** `db` itself, or (with `beforeCommit`) `db` whose every write dies before its commit. */
export function dyingBeforeCommit(db: Database, beforeCommit: boolean): Database {
  if (!beforeCommit) return db;
  const write: Database['write'] = (work) =>
    db.write(async (tx) => {
      await work(tx);
      die();
      // Never reached: the process is gone before the transaction commits.
      return new Promise<never>(() => {});
    });
  return new Proxy(db, { get: (target, key) => (key === 'write' ? write : Reflect.get(target, key)) });
}
