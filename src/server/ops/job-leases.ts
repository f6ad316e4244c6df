/**
 * Leases for the scheduled jobs (docs/decisions/0024-event-log-and-leases.md): when several server
 * processes share a database, exactly one runs the sweep and the backups. A lease is one row of
 * `job_leases`; a process holds it while the row names it and has not expired.
 */
import { and, eq, lte, or } from 'drizzle-orm';
import { jobLeases } from '../../../db/schema/index.ts';
import type { Database } from '../db/database.ts';

/**
 * Takes or renews lease `name` for `holder` until `now + ttlMs`, in one write: it is taken when
 * no row exists, when the row is already `holder`'s, when it expired at or before `now`, or when
 * its holder is `replacing` (a holder known to be dead). Returns whether `holder` holds it now.
 * Throws what the write throws (DatabaseBusyError when the database stays busy).
 */
export async function takeLease(
  db: Database,
  name: string,
  holder: string,
  ttlMs: number,
  now = new Date(),
  replacing?: string,
) {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await db.write((tx) =>
    tx
      .insert(jobLeases)
      .values({ name, holder, expiresAt })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { holder, expiresAt },
        setWhere: or(
          eq(jobLeases.holder, holder),
          lte(jobLeases.expiresAt, now),
          replacing === undefined ? undefined : eq(jobLeases.holder, replacing),
        ),
      })
      .returning({ holder: jobLeases.holder }),
  );
  return rows.length === 1 && rows[0]?.holder === holder;
}

/** Gives lease `name` up if `holder` holds it (a process stopping), so another takes it at once. */
export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.write((tx) => tx.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder))));
}

/** Who holds lease `name` and until when (null when nobody has taken it), for tests and logs. */
export async function leaseHolder(db: Database, name: string) {
  const [row] = await db.read
    .select({ holder: jobLeases.holder, expiresAt: jobLeases.expiresAt })
    .from(jobLeases)
    .where(eq(jobLeases.name, name))
    .limit(1);
  return row ?? null;
}
