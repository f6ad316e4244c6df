/**
 * The shape of an open database (db/database.ts opens one; db/libsql-server.ts is the libSQL
 * server's), apart from the code that opens it so that both can name it.
 */
import type { Connection, SqlDb } from './sqlite-driver.ts';
import type { Write } from './write-path.ts';

/** An open database: its read and write doors, and its life. */
export interface Database {
  /** Reads (see the module comment). */
  read: SqlDb;
  /** Writes: `work` in one transaction, committed before the promise resolves. */
  write: Write<SqlDb>;
  /**
   * The synchronous read-only connection of an embedded file, for the busiest reads prepared once
   * with `fastQuery` (db/fast-reads.ts, ADR 0011); undefined for a libSQL server or an
   * in-memory database.
   */
  reader?: Connection;
  /** Applies the committed drizzle-kit migrations in `folder` not yet applied; throws on failure. */
  migrate(folder: string): Promise<void>;
  /** Moves the WAL into the database file (embedded files, unless `externalCheckpoints`); throws on failure. */
  checkpoint(): Promise<void>;
  /**
   * Calls `listener` after each write of this process has committed (the event log's tailer
   * reads new events then, services/events/tail.ts); returns the function that stops it. A listener
   * that throws is logged and never fails the write.
   */
  afterCommit(listener: () => void): () => void;
  /** Closes every connection. */
  close(): void;
}
