/**
 * Leads from the website audit (docs/product.md#website-audit): a retry by the same person within
 * the hour updates their lead instead of adding another.
 */
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { contactSubmissions } from '../../../../db/schema/index.ts';
import type { Database } from '../../db/database.ts';
import { claimIdempotencyKey, IdempotencyKeyTaken } from '../idempotency.ts';
import { createLead, type IdempotentLead, type LeadRow, type NewLead } from './leads.ts';

/** How long a repeated audit request by the same email updates its lead: one hour, in milliseconds. */
export const AUDIT_RETRY_WINDOW_MS = 60 * 60 * 1000;

/**
 * Stores an audit request (docs/product.md#website-audit): when the same person (the same email,
 * compared without case) asked for an audit within the last hour (AUDIT_RETRY_WINDOW_MS) and that
 * lead is still new (not converted, not erased), that lead is updated with this try (its message,
 * score, report or failure reason, name) and no second new-lead email is queued; otherwise a new
 * lead is stored as `createLead` does. `now` is the time of the request. With `idempotent`, the
 * key and its answer are stored in the same transaction (IdempotencyKeyTaken as createLead).
 * Returns the stored row.
 */
export async function recordAuditRequest(
  db: Database,
  lead: NewLead & { email: string },
  idempotent?: IdempotentLead,
  now = new Date(),
): Promise<LeadRow> {
  const earlier = await db.write(async (tx) => {
    const [previous] = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(
        and(
          eq(contactSubmissions.source, 'audit'),
          sql`lower(${contactSubmissions.email}) = ${lead.email.toLowerCase()}`,
          gte(contactSubmissions.createdAt, new Date(now.getTime() - AUDIT_RETRY_WINDOW_MS)),
          eq(contactSubmissions.status, 'new'),
          isNull(contactSubmissions.clientId),
          isNull(contactSubmissions.erasedAt),
        ),
      )
      .orderBy(desc(contactSubmissions.createdAt))
      .limit(1);
    if (!previous) return null;
    const [row] = await tx
      .update(contactSubmissions)
      .set({
        name: lead.name,
        message: lead.message,
        auditScore: lead.auditScore ?? null,
        auditReport: lead.auditReport ?? null,
        auditError: lead.auditError ?? null,
      })
      .where(eq(contactSubmissions.id, previous.id))
      .returning();
    if (!row) return null;
    if (idempotent && !(await claimIdempotencyKey(tx, idempotent.request, idempotent.answer(row)))) {
      throw new IdempotencyKeyTaken();
    }
    return row;
  });
  return earlier ?? createLead(db, lead, idempotent);
}
