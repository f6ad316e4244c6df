/**
 * Issuing and voiding invoices (docs/product.md#invoices; docs/decisions/0043-invoices-and-payments.md).
 *
 * Issuing is one write: the next number of the year (numbering.ts), the issue day and the due
 * date (the draft's, else the issue day plus INVOICE_NET_DAYS) in the agency's time zone, the
 * status `open` by a conditional update (two presses issue it once: the other gets 409), the
 * admin event, the live event and the emails to the client's paying members. From then on the
 * invoice is frozen (a trigger refuses any change to its number, lines or totals).
 *
 * Voiding is one write too: a credit note of the `CN` series for the same lines and total,
 * issued at once, and the invoice `void` pointing at it. What had been paid on it becomes the
 * client's credit (the client's balance shows it); a refund is recorded separately.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, format, parseISO } from 'date-fns';
import { invoices } from '../../../../db/schema/index.ts';
import { UNPAID_INVOICE_STATUSES } from '../../../shared/invoices.ts';
import { formatCents } from '../../../shared/proposals.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { AppError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { renderInvoiceIssued } from '../email/templates/invoices.tsx';
import { formatDay, todayIn } from '../proposals/validity.ts';
import { balanceOf, staffInvoiceJson, type InvoiceRow } from './invoice-json.ts';
import { invoiceRow, recordInvoiceUpdated } from './invoice-rows.ts';
import { takeNumber } from './numbering.ts';
import { queueBillingEmails } from './recipients.ts';

/** The settings issuing reads. */
export type IssueEnv = Pick<
  Env,
  | 'SITE_URL'
  | 'MAGIC_LINK_HOURS'
  | 'SITE_TIME_ZONE'
  | 'INVOICE_NET_DAYS'
  | 'PAYMENT_INSTRUCTIONS'
  | 'TAX_RATE_BASIS_POINTS'
>;

/** Where a client reads invoice `id`. */
export const invoicePath = (id: string) => `/portal/invoices/${id}`;

/** 'YYYY-MM-DD' `days` after `day`. */
export const dayPlus = (day: string, days: number) => format(addDays(parseISO(day), days), 'yyyy-MM-dd');

/**
 * Issues draft `row` in `tx` at `now` (see the module comment), telling its paying members unless
 * `quiet`. Returns the issued row. AppError 409 `invoice_issued` when it is no longer a draft.
 */
export async function issueInTx(
  tx: SqlDb,
  actor: Actor,
  row: InvoiceRow,
  env: IssueEnv,
  now: Date,
  options: { quiet?: boolean; status?: 'open' | 'paid' } = {},
): Promise<InvoiceRow> {
  const today = todayIn(env.SITE_TIME_ZONE, now);
  const { number, year, sequence } = await takeNumber(tx, row.kind, Number(today.slice(0, 4)));
  const dueDate = row.kind === 'credit_note' ? null : (row.dueDate ?? dayPlus(today, env.INVOICE_NET_DAYS));
  const [issued] = await tx
    .update(invoices)
    .set({
      number,
      numberYear: year,
      numberSequence: sequence,
      status: options.status ?? 'open',
      issuedOn: today,
      dueDate,
      issuedAt: now,
      updatedAt: now,
    })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, 'draft')))
    .returning();
  if (!issued) throw new AppError(409, 'invoice_issued', 'This invoice was already issued.');
  const what = issued.kind === 'credit_note' ? 'credit note' : 'invoice';
  await recordAdminEvent(
    tx,
    actor,
    'update',
    'invoice',
    issued.id,
    `Issued ${what} ${number} for ${formatCents(issued.totalCents)}`,
  );
  await recordInvoiceUpdated(tx, issued);
  if (!options.quiet && issued.kind === 'invoice') {
    await queueBillingEmails(
      tx,
      issued.clientId,
      invoicePath(issued.id),
      (to) =>
        renderInvoiceIssued({
          name: to.name,
          number,
          total: formatCents(issued.totalCents),
          balance: formatCents(balanceOf(issued)),
          dueDate: formatDay(dueDate!),
          howToPay: env.PAYMENT_INSTRUCTIONS,
          link: to.link,
          hours: env.MAGIC_LINK_HOURS,
          invitation: to.invitation,
        }),
      env,
      now,
    );
  }
  return issued;
}

/** Issues draft `id` (see the module comment): `{id, number, status: 'open', totalCents}`. NotFoundError; 409 `invoice_issued`. */
export async function issueInvoice(db: Database, actor: Actor, id: string, env: IssueEnv) {
  return db.write(async (tx) => {
    const row = await invoiceRow(tx, id);
    if (row.status !== 'draft') throw new AppError(409, 'invoice_issued', 'This invoice was already issued.');
    const issued = await issueInTx(tx, actor, row, env, new Date());
    return { id: issued.id, number: issued.number!, status: issued.status, totalCents: issued.totalCents };
  });
}

/**
 * Voids issued invoice `id` for `reason` with a credit note (see the module comment): returns
 * `{invoice, creditNote}` as staff see them. NotFoundError; AppError 409 `invoice_draft` (delete a
 * draft instead), `invoice_void` (already void) or `credit_note` (a credit note is not voided).
 */
export async function voidInvoice(db: Database, actor: Actor, id: string, reason: string | null, env: IssueEnv) {
  return db.write(async (tx) => {
    const now = new Date();
    const row = await invoiceRow(tx, id);
    if (row.kind === 'credit_note') throw new AppError(409, 'credit_note', 'A credit note cannot be voided.');
    if (row.status === 'draft') throw new AppError(409, 'invoice_draft', 'A draft is not voided: delete it instead.');
    if (row.status === 'void') throw new AppError(409, 'invoice_void', 'This invoice is already void.');
    const [draft] = await tx
      .insert(invoices)
      .values({
        clientId: row.clientId,
        projectId: row.projectId,
        kind: 'credit_note',
        source: row.source,
        items: row.items,
        subtotalCents: row.subtotalCents,
        taxBasisPoints: row.taxBasisPoints,
        taxCents: row.taxCents,
        totalCents: row.totalCents,
        notes: reason ? `Credits invoice ${row.number}: ${reason}` : `Credits invoice ${row.number}.`,
        creditsInvoiceId: row.id,
        createdBy: actor.id,
        createdByName: staffName(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const creditNote = await issueInTx(tx, actor, draft!, env, now, { quiet: true, status: 'paid' });
    const [voided] = await tx
      .update(invoices)
      .set({ status: 'void', creditNoteId: creditNote.id, voidReason: reason, voidedAt: now, updatedAt: now })
      .where(and(eq(invoices.id, id), inArray(invoices.status, [...UNPAID_INVOICE_STATUSES, 'paid'])))
      .returning();
    if (!voided) throw new AppError(409, 'invoice_void', 'This invoice is already void.');
    await recordAdminEvent(
      tx,
      actor,
      'update',
      'invoice',
      id,
      `Voided invoice ${row.number} with credit note ${creditNote.number}${reason ? `: ${reason}` : ''}`,
    );
    await recordInvoiceUpdated(tx, voided);
    const today = todayIn(env.SITE_TIME_ZONE, now);
    return { invoice: staffInvoiceJson(voided, null, today), creditNote: staffInvoiceJson(creditNote, null, today) };
  });
}
