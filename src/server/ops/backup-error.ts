/**
 * The error of backups and restores (docs/product.md#backups), shared by the server, the scripts
 * and the backup worker; nothing here touches the database.
 */

/** A problem an operator can fix (bad folder, bad file, server running); `message` is one line. */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}

/** The short name of `error` for a one-line message: its errno or SQLite code, else its message. */
export function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error ? error.message : String(error));
}
