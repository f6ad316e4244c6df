/**
 * Data exports, from the request to the download (docs/product.md#privacy;
 * docs/decisions/0032-privacy-export-erasure-consent.md). A request stores a queued row
 * (`requestExport`); the notification worker claims it under a lease (`claimExport`), writes the
 * ZIP and, in one write, marks it ready, stores its 48-hour download token (a `data-export` token of
 * the single-use store, services/single-use-tokens.ts, whose subject is the export's id) and queues
 * the email with the link (`completeExport`). The link's page exchanges the token, once, for the ZIP
 * (export-downloads.ts). Each person may ask once a day (EXPORT_INTERVAL_MS), as themselves and through
 * staff separately; a failed export does not count.
 */
import { and, asc, desc, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { clientMembers, contactSubmissions, dataExports } from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { RenderedEmail } from '../email/templates/types.ts';
import { queueEmail } from '../email/queue.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { issueToken } from '../single-use-tokens.ts';

/** How long a download link works: 48 hours, in milliseconds. */
export const EXPORT_LINK_TTL_MS = 48 * 3600 * 1000;
/** How often one person may ask (as themselves, or through staff): once a day, in milliseconds. */
const EXPORT_INTERVAL_MS = 24 * 3600 * 1000;
/** Tries of a build before the export is marked failed. */
export const MAX_EXPORT_ATTEMPTS = 3;

export type ExportRow = typeof dataExports.$inferSelect;
export type ExportSubject = { kind: 'client' | 'lead'; id: string };

/** What the API shows of an export (never its token or storage key). */
export function toPublicExport(row: ExportRow) {
  return {
    id: row.id,
    status: row.status,
    requestedBy: row.requestedBy,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
  };
}

/**
 * Queues an export of `subject` asked by `requestedBy` ('self', or the staff member's display
 * name), its link to go to `email`; `record` runs in the same write (the admin event). Resolves with the new row, or with `retryAfterMs` when the same
 * kind of asker asked for this person less than EXPORT_INTERVAL_MS ago. NotFoundError('Client' /
 * 'Lead') for an unknown or erased person.
 */
export async function requestExport(
  db: Database,
  subject: ExportSubject,
  requestedBy: string,
  email: string,
  options: { now?: Date; record?: (tx: SqlDb, row: ExportRow) => Promise<void> } = {},
): Promise<{ export: ExportRow } | { retryAfterMs: number }> {
  const now = options.now ?? new Date();
  return db.write(async (tx) => {
    const table = subject.kind === 'client' ? clientMembers : contactSubmissions;
    const [person] = await tx.select({ erasedAt: table.erasedAt }).from(table).where(eq(table.id, subject.id));
    if (!person || person.erasedAt) throw new NotFoundError(subject.kind === 'client' ? 'Client' : 'Lead');
    const sameAsker =
      requestedBy === 'self' ? eq(dataExports.requestedBy, 'self') : ne(dataExports.requestedBy, 'self');
    const [last] = await tx
      .select({ createdAt: dataExports.createdAt })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.subjectKind, subject.kind),
          eq(dataExports.subjectId, subject.id),
          sameAsker,
          ne(dataExports.status, 'failed'),
          gt(dataExports.createdAt, new Date(now.getTime() - EXPORT_INTERVAL_MS)),
        ),
      )
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    if (last) return { retryAfterMs: last.createdAt.getTime() + EXPORT_INTERVAL_MS - now.getTime() };
    const [row] = await tx
      .insert(dataExports)
      .values({ subjectKind: subject.kind, subjectId: subject.id, requestedBy, email, createdAt: now })
      .returning();
    await options.record?.(tx, row!);
    return { export: row! };
  });
}

/** The exports of `subject`, newest first (at most 10). */
export async function exportsOf(db: Database, subject: ExportSubject) {
  const rows = await db.read
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.subjectKind, subject.kind), eq(dataExports.subjectId, subject.id)))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
  return rows.map(toPublicExport);
}

/**
 * Claims the next export to build (queued, or building under a lease that ran out): one more
 * attempt counted and a lease until `now + leaseMs`. Null when none is due, or when another
 * worker claimed the one found first (the next round tries again).
 */
export async function claimExport(db: Database, now: Date, leaseMs: number): Promise<ExportRow | null> {
  const due = and(
    eq(dataExports.status, 'queued'),
    lt(dataExports.attempts, MAX_EXPORT_ATTEMPTS),
    or(isNull(dataExports.leaseExpiresAt), lte(dataExports.leaseExpiresAt, now)),
  );
  // Read first: the worker asks every second, and a round with nothing due takes no write lock.
  const [next] = await db.read
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(due)
    .orderBy(asc(dataExports.createdAt))
    .limit(1);
  if (!next) return null;
  // Another worker may have taken it meanwhile: the write claims it only if it is still due.
  const [row] = await db.write((tx) =>
    tx
      .update(dataExports)
      .set({ leaseExpiresAt: new Date(now.getTime() + leaseMs), attempts: sql`${dataExports.attempts} + 1` })
      .where(and(eq(dataExports.id, next.id), due))
      .returning(),
  );
  return row ?? null;
}

/**
 * Marks claimed export `row` ready at `now` (only while the claim is current) with its ZIP, stores
 * its download token `done.token` (made with the single-use store's `newToken()`, working
 * EXPORT_LINK_TTL_MS) and queues `email` to `row.email`, in one write. Resolves false when the
 * claim was lost (another worker took it over, or the person was erased meanwhile): nothing is
 * stored and the caller deletes the ZIP.
 */
export async function completeExport(
  db: Database,
  row: ExportRow,
  done: { storageKey: string; sizeBytes: number; token: string; email: RenderedEmail },
  now: Date,
): Promise<boolean> {
  return db.write(async (tx) => {
    const updated = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        storageKey: done.storageKey,
        sizeBytes: done.sizeBytes,
        expiresAt: new Date(now.getTime() + EXPORT_LINK_TTL_MS),
        finishedAt: now,
        leaseExpiresAt: null,
        error: null,
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.attempts, row.attempts), eq(dataExports.status, 'queued')))
      .returning({ id: dataExports.id });
    if (updated.length === 0) return false;
    await issueToken(tx, 'data-export', row.id, EXPORT_LINK_TTL_MS, null, { now, token: done.token });
    const audience = row.requestedBy === 'self' ? 'client' : 'team';
    await queueEmail(tx, audience, [row.email], done.email);
    return true;
  });
}

/** Records a failed build: tried again by the next round, or failed after MAX_EXPORT_ATTEMPTS. */
export async function failExport(db: Database, row: ExportRow, reason: string): Promise<void> {
  await db.write((tx) =>
    tx
      .update(dataExports)
      .set(
        row.attempts >= MAX_EXPORT_ATTEMPTS
          ? { status: 'failed', error: reason.slice(0, 500), leaseExpiresAt: null }
          : { error: reason.slice(0, 500), leaseExpiresAt: null },
      )
      .where(and(eq(dataExports.id, row.id), eq(dataExports.attempts, row.attempts))),
  );
}
