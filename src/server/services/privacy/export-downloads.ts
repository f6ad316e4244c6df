/**
 * Downloading a data export, and cleaning up after it (docs/product.md#privacy): the link's page
 * shows the archive's size (`exportForToken`), then spends the token once for the ZIP
 * (`claimDownload`); the hourly sweep expires links past 48 hours and deletes the ZIPs of exports
 * downloaded or expired (`sweepExports`); an erasure drops a person's exports (`dropExportsOf`).
 * The token is a `data-export` token of the single-use store (services/single-use-tokens.ts)
 * whose subject is the export's id; it opens the export while that is ready and unexpired.
 */
import { and, eq, gt, gte, isNotNull, lte, or } from 'drizzle-orm';
import { dataExports } from '../../../../db/schema/index.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { MAX_EXPORT_ATTEMPTS, type ExportSubject } from './data-exports.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { peekToken, spendToken } from '../single-use-tokens.ts';
import { deleteTokensOf } from '../single-use-token-subjects.ts';

/** How long a downloaded ZIP stays for the download in progress: an hour, in milliseconds. */
const DOWNLOAD_GRACE_MS = 3600 * 1000;

/** Export `id` while its link works: ready, and before its expiry at `now`. */
const readyAt = (id: string, now: Date) =>
  and(eq(dataExports.id, id), eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, now));

/** The ZIP's file name: `data-export-YYYY-MM-DD.zip`, the day the export was asked for (UTC). */
const fileNameOf = (row: { createdAt: Date }) => `data-export-${row.createdAt.toISOString().slice(0, 10)}.zip`;

/**
 * What a download link's page shows before the download: the archive's file name, size (bytes)
 * and expiry. Null when the link does not work.
 */
export async function exportForToken(db: Database, token: string, now = new Date()) {
  const link = await peekToken(db.read, 'data-export', token, now);
  const [row] = link ? await db.read.select().from(dataExports).where(readyAt(link.subject, now)) : [];
  return row
    ? { fileName: fileNameOf(row), sizeBytes: row.sizeBytes ?? 0, expiresAt: row.expiresAt!.toISOString() }
    : null;
}

/**
 * Spends download token `token` at `now`: the token is spent and the export becomes `downloaded`
 * in one write, so a second use, or one at the same time, gets null, as does an expired or
 * unknown token. Resolves with the ZIP's storage key, size in bytes and file name.
 */
export async function claimDownload(db: Database, token: string, now = new Date()) {
  const row = await db.write(async (tx) => {
    const link = await spendToken(tx, 'data-export', token, now);
    if (!link) return undefined;
    const [claimed] = await tx
      .update(dataExports)
      .set({ status: 'downloaded', downloadedAt: now })
      .where(readyAt(link.subject, now))
      .returning();
    return claimed;
  });
  if (!row?.storageKey) return null;
  return { storageKey: row.storageKey, sizeBytes: row.sizeBytes ?? 0, fileName: fileNameOf(row) };
}

/**
 * Expires ready exports past their link's expiry and deletes the ZIPs of exports downloaded or
 * expired (the row stays, without its key, as the record that an export was made). Returns how
 * many ZIPs went.
 */
export async function sweepExports(db: Database, storage: FileStorage, now = new Date()): Promise<number> {
  await db.write(async (tx) => {
    await tx
      .update(dataExports)
      .set({ status: 'expired' })
      .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)));
    // Builds whose every try died with its worker.
    await tx
      .update(dataExports)
      .set({ status: 'failed', error: 'The build stopped', leaseExpiresAt: null })
      .where(
        and(
          eq(dataExports.status, 'queued'),
          gte(dataExports.attempts, MAX_EXPORT_ATTEMPTS),
          lte(dataExports.leaseExpiresAt, now),
        ),
      );
  });
  // A download that began less than DOWNLOAD_GRACE_MS ago may still be reading its ZIP.
  const done = await db.read
    .select({ id: dataExports.id, key: dataExports.storageKey })
    .from(dataExports)
    .where(
      and(
        isNotNull(dataExports.storageKey),
        or(
          eq(dataExports.status, 'expired'),
          and(
            eq(dataExports.status, 'downloaded'),
            lte(dataExports.downloadedAt, new Date(now.getTime() - DOWNLOAD_GRACE_MS)),
          ),
        ),
      ),
    );
  for (const row of done) {
    await storage.delete(row.key!);
    await db.write((tx) => tx.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id)));
  }
  return done.length;
}

/**
 * Deletes every export of `subject`, with their download tokens, in the caller's write `tx` (an
 * erasure); returns the storage keys of their ZIPs, to delete after the commit.
 */
export async function dropExportsOf(tx: SqlDb, subject: ExportSubject): Promise<string[]> {
  const gone = await tx
    .delete(dataExports)
    .where(and(eq(dataExports.subjectKind, subject.kind), eq(dataExports.subjectId, subject.id)))
    .returning({ id: dataExports.id, key: dataExports.storageKey });
  await deleteTokensOf(
    tx,
    ['data-export'],
    gone.map((g) => g.id),
  );
  return gone.flatMap((g) => (g.key ? [g.key] : []));
}

/** Whether `key` is an export's ZIP (the orphan sweep keeps those). */
export async function isExportKey(db: Database, key: string): Promise<boolean> {
  const [row] = await db.read.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.storageKey, key));
  return Boolean(row);
}
