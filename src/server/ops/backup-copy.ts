/**
 * Making and checking a copy of the database file (docs/product.md#backups), synchronously, with
 * `libsql`: the native library the server's own client runs, so SQLite's locks on the file are
 * shared with the server's connections (docs/decisions/0011-fast-embedded-reads.md). The backup
 * worker (backup-worker.ts) runs `copyAndCheck` off the main thread
 * (docs/decisions/0023-backups-in-a-worker-thread.md); a restore checks its staged copy with the
 * helpers below.
 *
 * The copy is `VACUUM INTO`: one read transaction of the live database, so it is one consistent
 * moment while the site keeps writing. Our tables have text primary keys, so the copy may number
 * their rowids differently, and the full-text indexes (`*_fts`, external content keyed by rowid)
 * would then point at the wrong rows: every FTS5 index of the copy is rebuilt before the copy is
 * checked (`PRAGMA integrity_check`, FTS5 `integrity-check`, row counts against the copy's own
 * `row_counts`).
 */
import { existsSync } from 'node:fs';
import Libsql from 'libsql';
import { BackupError, codeOf } from './backup-error.ts';

/** A synchronous connection to one database file. */
type Connection = Libsql.Database;

/** How long the copy waits for a lock on the live database, in milliseconds (as the server does). */
const BUSY_TIMEOUT_MS = 5000;

/** What the worker is asked: copy the database at `databasePath` to `temporary` and check it. */
export interface CopyRequest {
  /** Absolute path of the live database file. */
  databasePath: string;
  /** Absolute path of the copy to write: an empty file, or none. */
  temporary: string;
}

/** What the checks found in a copy that passed them. */
export interface CopyChecks {
  /** Rows per table in the copy (FTS5 indexes and their shadow tables left out). */
  counts: Record<string, number>;
  /** The FTS5 indexes rebuilt and checked in the copy. */
  ftsTables: string[];
  /** Tables whose row count differs from the copy's `row_counts` (empty when all agree). */
  countMismatches: string[];
}

/** A copy that passed its checks, and the uploaded files its rows name. */
export interface CopyResult extends CopyChecks {
  /** The `storage_key` of every `project_files` row of the copy (backup-uploads.ts). */
  storageKeys: string[];
}

/** The worker's answer: the checks, or why the copy failed (`operator`: it was a BackupError). */
export type CopyReport = ({ ok: true } & CopyResult) | { ok: false; message: string; operator: boolean };

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** FTS5 tables of the database (external-content indexes such as `clients_fts`). */
export function ftsTables(db: Connection): string[] {
  return db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' AND lower(sql) LIKE '%using fts5%' ORDER BY name",
    )
    .pluck()
    .all()
    .map(String);
}

/** Row counts of the ordinary tables (not FTS5 indexes, their shadow tables or SQLite's own). */
export function tableCounts(db: Connection, fts: string[]): Record<string, number> {
  const shadow = new Set(fts.flatMap((t) => ['data', 'idx', 'docsize', 'config', 'content'].map((s) => `${t}_${s}`)));
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
    )
    .pluck()
    .all()
    .map(String);
  const counts: Record<string, number> = {};
  for (const name of tables) {
    if (shadow.has(name)) continue;
    const [n] = db
      .prepare(`SELECT count(*) FROM ${quoteIdent(name)}`)
      .raw()
      .get() as [number];
    counts[name] = Number(n);
  }
  return counts;
}

/**
 * Rebuilds every FTS5 index in `fts` from its content table, then runs FTS5's own integrity check
 * on it. Throws BackupError naming an index that fails the check.
 */
export function rebuildFts(db: Connection, fts: string[]): void {
  for (const table of fts) {
    const t = quoteIdent(table);
    db.exec(`INSERT INTO ${t}(${t}) VALUES('rebuild')`);
    try {
      db.exec(`INSERT INTO ${t}(${t}) VALUES('integrity-check')`);
    } catch (error) {
      throw new BackupError(`Search index ${table} fails its integrity check (${codeOf(error)})`, { cause: error });
    }
  }
}

/** `PRAGMA integrity_check`; throws BackupError with its first three findings unless it says `ok`. */
export function integrityOk(db: Connection): void {
  const lines = db.prepare('PRAGMA integrity_check').pluck().all().map(String);
  if (lines.length !== 1 || lines[0] !== 'ok') {
    throw new BackupError(`integrity_check failed: ${lines.slice(0, 3).join('; ')}`);
  }
}

/**
 * The storage keys that the `project_files` rows of `db` name, in key order: the uploaded files a
 * backup of `db` holds (docs/product.md#backups). None when the table does not exist (a database
 * from before uploads).
 */
export function storedFileKeys(db: Connection): string[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'project_files'").get();
  if (table === undefined) return [];
  return db.prepare('SELECT storage_key FROM project_files ORDER BY storage_key').pluck().all().map(String);
}

/** Tables whose count differs from the `row_counts` table kept by triggers (same snapshot). */
function countMismatches(db: Connection, counts: Record<string, number>): string[] {
  if (!('row_counts' in counts)) return [];
  const kept = db.prepare('SELECT table_name, n FROM row_counts').all() as { table_name: string; n: number }[];
  return kept
    .map((r) => ({ table: String(r.table_name), n: Number(r.n) }))
    .filter(({ table, n }) => table in counts && counts[table] !== n)
    .map(({ table, n }) => `${table}: ${counts[table]} rows, row_counts says ${n}`);
}

/**
 * Makes the copy one self-contained file (rollback journal, not WAL, as the header of a copy of a
 * WAL database says) and lets its writes skip fsync: the caller fsyncs the finished file once, and
 * a copy cut short is deleted, never used.
 */
export function standalone(db: Connection): void {
  db.exec('PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF');
}

/**
 * Writes a copy of the live database `databasePath` to `temporary` with `VACUUM INTO`, rebuilds
 * and checks its search indexes, checks its integrity, counts its rows and reads the storage keys
 * of its uploaded files (from the copy, so that the files agree with it). Blocks its thread for
 * the whole copy: run it in the backup worker. Throws BackupError when the database is missing,
 * the copy cannot be written, or the copy fails a check; `temporary` is then left for the
 * caller to delete.
 */
export function copyAndCheck({ databasePath, temporary }: CopyRequest): CopyResult {
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath}`);
  let source: Connection;
  try {
    source = new Libsql(databasePath, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new BackupError(`The database ${databasePath} cannot be opened (${codeOf(error)})`, { cause: error });
  }
  try {
    source.prepare('VACUUM INTO ?').run(temporary);
  } catch (error) {
    throw new BackupError(`VACUUM INTO ${temporary} failed (${codeOf(error)})`, { cause: error });
  } finally {
    source.close();
  }
  const copy = new Libsql(temporary);
  try {
    standalone(copy);
    const fts = ftsTables(copy);
    rebuildFts(copy, fts);
    integrityOk(copy);
    const counts = tableCounts(copy, fts);
    return {
      counts,
      ftsTables: fts,
      countMismatches: countMismatches(copy, counts),
      storageKeys: storedFileKeys(copy),
    };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup copy failed its checks (${codeOf(error)})`, { cause: error });
  } finally {
    copy.close();
  }
}
