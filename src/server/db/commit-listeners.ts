/**
 * Commit listeners for the database (db/database.ts): the event log's tailer reads new events
 * right after each write of its own process commits (docs/decisions/0024-event-log-and-leases.md).
 */
import { log } from '../log.ts';
import type { SqlDb } from './sqlite-driver.ts';
import type { Write } from './write-path.ts';

/**
 * `write` wrapped so that every listener is called after each commit, and `afterCommit`, which
 * adds a listener and returns the function that removes it. A listener that throws is logged and
 * never fails the write.
 */
export function announcingCommits(write: Write<SqlDb>): {
  write: Write<SqlDb>;
  afterCommit(listener: () => void): () => void;
} {
  const listeners = new Set<() => void>();
  return {
    write: async (work, options) => {
      const result = await write(work, options);
      for (const listener of listeners) {
        try {
          listener();
        } catch (error) {
          log.error({ component: 'db', err: error }, 'a commit listener failed');
        }
      }
      return result;
    },
    afterCommit(listener) {
      const entry = () => listener();
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
  };
}
