/**
 * Databases whose writes kill the process by SIGKILL, as `kill -9` would at that moment: before
 * a write commits (the crash workers of the webhook and SMTP tests), or at the one write into a
 * given table, before or after its commit (the booking crash worker).
 */
import type { Database } from '../../src/server/db/database.ts';

/** Kills this process now, as `kill -9` would. */
export const die = (): void => void process.kill(process.pid, 'SIGKILL');

/** Kills this process; the promise never settles, as the process is gone before it could. */
function dead(): Promise<never> {
  die();
  return new Promise<never>(() => {});
}

/** `db` with its `write` replaced by `write`. */
const withWrite = (db: Database, write: Database['write']): Database =>
  new Proxy(db, { get: (target, key) => (key === 'write' ? write : Reflect.get(target, key)) });

/** `db` itself, or (with `beforeCommit`) `db` whose every write dies before its commit. */
export function dyingBeforeCommit(db: Database, beforeCommit: boolean): Database {
  if (!beforeCommit) return db;
  const write: Database['write'] = (work) =>
    db.write(async (tx) => {
      await work(tx);
      // The process is gone before the transaction commits.
      return dead();
    });
  return withWrite(db, write);
}

/**
 * `db` whose one write that inserts into `table` kills the process: at `before-commit` once its
 * work is done and before it commits, at `after-commit` once it committed and before the caller
 * sees its result (so before any answer). Other writes (a rate limit's point, a signing key) go
 * through untouched. The booking crash worker's database.
 */
export function dyingAtWriteTo(db: Database, table: object, moment: 'before-commit' | 'after-commit'): Database {
  const write: Database['write'] = async (work) => {
    let touched = false;
    const result = await db.write(async (tx) => {
      const watched = new Proxy(tx, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key);
          if (key === 'insert') {
            return (into: object) => {
              if (into === table) touched = true;
              return target.insert(into as Parameters<typeof target.insert>[0]);
            };
          }
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      const done = await work(watched);
      return touched && moment === 'before-commit' ? dead() : done;
    });
    return touched ? dead() : result;
  };
  return withWrite(db, write);
}
