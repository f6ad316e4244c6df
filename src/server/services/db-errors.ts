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
