/** Recognising database errors by kind, through drizzle's wrapping (`cause` chain). */

/** True when `error` (or one of its causes) is a UNIQUE constraint failure. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    const message = (e as { message?: unknown }).message;
    if (
      code === 'SQLITE_CONSTRAINT_UNIQUE' ||
      (typeof message === 'string' && message.includes('UNIQUE constraint failed'))
    ) {
      return true;
    }
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return false;
}

/**
 * SQLite's answer while another connection holds the lock a statement needs; and a libSQL
 * server's when it handed this transaction's lock to a writer that waited (TRANSACTION_TIMEOUT)
 * or dropped it after 10 s idle (STREAM_EXPIRED): the server has rolled it back, so nothing of it
 * stayed (docs/decisions/0038-libsql-server-in-tests.md).
 */
const BUSY_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_BUSY_TIMEOUT',
  'TRANSACTION_TIMEOUT',
  'STREAM_EXPIRED',
]);

/**
 * True when `error` (or one of its causes) is SQLITE_BUSY in any of its extended forms, from the
 * native binding (`code`) or `@libsql/client` (`code` or `extendedCode`), or a libSQL server's
 * lock handed over or stream expired: a transaction that met it may be run again whole.
 */
export function isBusyError(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, extendedCode } = e as { code?: unknown; extendedCode?: unknown };
    if (BUSY_CODES.has(String(code)) || BUSY_CODES.has(String(extendedCode))) return true;
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return false;
}

/**
 * A write that could not get the database in time (db/write-path.ts) and was not run: the
 * API answers 503 with `Retry-After: RETRY_AFTER_S` (docs/product.md#errors), and the caller may
 * send it again, with the same Idempotency-Key.
 */
export class DatabaseBusyError extends Error {
  /** Seconds the caller should wait before sending the request again. */
  static readonly RETRY_AFTER_S = 1;
  constructor() {
    super('The database is busy; the write was not made. Try again in a moment.');
    this.name = 'DatabaseBusyError';
  }
}
