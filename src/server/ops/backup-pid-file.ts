/**
 * The server's pid file, `<database>.pid` (docs/product.md#backups): the server writes its pid
 * there while it holds the embedded database, and `npm run db:restore` refuses while the file
 * names a live process.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { embeddedDatabasePath, processAlive } from './backup-files.ts';

/** The pid file of the database file at `databasePath`. */
export function pidFileOf(databasePath: string): string {
  return `${databasePath}.pid`;
}

/**
 * Marks the embedded database of `databaseUrl` as used by this server: writes this process's
 * pid to `<database>.pid`. Returns `release()`, which removes the file if it still holds this
 * pid; it is also removed when the process exits normally. For a libSQL server URL or an
 * in-memory database nothing is written and `release` does nothing. Throws when the file cannot
 * be written.
 */
export function claimServerPidFile(databaseUrl: string): () => void {
  let databasePath: string;
  try {
    databasePath = embeddedDatabasePath(databaseUrl);
  } catch {
    return () => {};
  }
  const file = pidFileOf(databasePath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}

/** The pid in the pid file of the database at `databasePath` when that process is alive (not this one), else null. */
export function livePidOf(databasePath: string): number | null {
  let text: string;
  try {
    text = readFileSync(pidFileOf(databasePath), 'utf8').trim();
  } catch {
    return null;
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
}
