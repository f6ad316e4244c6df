/**
 * The query strings of the dashboard's lists (docs/product.md#lists): GET /api/admin/clients,
 * /projects, /communications, /contact-submissions, /newsletter-subscribers and /proposals and /invoices take
 * - `q`: search words (at most 200 characters; anything may be typed, docs/product.md#search);
 * - filters: `status` (projects, leads), `source` (leads), `unread=true` (messages from the
 *   client not read yet), `clientId`, `projectId`, `active` and `confirmed` (clients), and `from` / `to`
 *   (created at or after `from`, before `to`: ISO 8601 instants or dates, a date meaning
 *   00:00 UTC);
 * - `sort`: `{column}.{asc|desc}`, one of the list's SORTS; `relevance` only with `q`;
 * - `limit`: 1 to 200, default 50; `cursor`: the `nextCursor` of the page before.
 * The answer is `{ items, nextCursor, total }` (nextCursor null on the last page).
 * The same schemas build the dashboard's addresses, so what the browser sends is what the server accepts.
 */
import { z } from '../zod.ts';
import { LEAD_STATUSES, PROJECT_STATUSES } from '../projects.ts';
import { INVOICE_FILTERS } from '../invoices.ts';
import { PROPOSAL_STATUSES } from '../proposals.ts';

/** Page size of a list: the default and the largest a request may ask for. */
const PAGE_DEFAULT = 50;
const PAGE_MAX = 200;

/** The columns each list sorts by. */
const SORTS = {
  clients: ['createdAt', 'name', 'email', 'company'],
  projects: ['createdAt', 'title', 'status', 'client', 'endDate', 'budget'],
  communications: ['createdAt', 'subject'],
  leads: ['createdAt', 'name', 'status'],
  subscribers: ['createdAt', 'email'],
  proposals: ['createdAt', 'title', 'status', 'validUntil', 'oneOff'],
  invoices: ['createdAt', 'number', 'status', 'dueDate', 'total', 'balance'],
} as const;
export type ListName = keyof typeof SORTS;

const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Use a date like 2026-11-21' })
  .transform((v) => new Date(v));

const flag = z.enum(['true', 'false'], { error: 'Use true or false' }).transform((v) => v === 'true');

function sortParam<L extends ListName>(list: L) {
  const values = [...SORTS[list].flatMap((c) => [`${c}.asc`, `${c}.desc`]), 'relevance'] as const;
  return z.enum(values as unknown as [string, ...string[]], { error: 'Unknown sort' }).optional();
}

const base = <L extends ListName>(list: L) => ({
  q: z.string().max(200, 'Search is at most 200 characters').optional(),
  sort: sortParam(list),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PAGE_MAX, `Limit must be at most ${PAGE_MAX}`)
    .default(PAGE_DEFAULT),
  cursor: z.string().max(1000, 'Invalid cursor').optional(),
  from: instant.optional(),
  to: instant.optional(),
});

const id = z.string().min(1).max(100);

export const clientListQuery = z.object({ ...base('clients'), active: flag.optional(), confirmed: flag.optional() });
export const projectListQuery = z.object({
  ...base('projects'),
  status: z.enum(PROJECT_STATUSES, { error: 'Unknown status' }).optional(),
  clientId: id.optional(),
});
export const communicationListQuery = z.object({
  ...base('communications'),
  unread: flag.optional(),
  clientId: id.optional(),
  projectId: id.optional(),
});
export const leadListQuery = z.object({
  ...base('leads'),
  status: z.enum(LEAD_STATUSES, { error: 'Unknown status' }).optional(),
  source: z.enum(['landing', 'audit', 'emergency', 'chat', 'booking'], { error: 'Unknown source' }).optional(),
});

/** Newsletter subscribers; `format=csv` answers every matching subscriber as CSV instead of a page. */
export const subscriberListQuery = z.object({
  ...base('subscribers'),
  format: z.enum(['json', 'csv'], { error: 'Use json or csv' }).optional(),
});

/** Proposals (docs/product.md#proposals): by status, client or lead; searched by title and recipient. */
export const proposalListQuery = z.object({
  ...base('proposals'),
  status: z.enum(PROPOSAL_STATUSES, { error: 'Unknown status' }).optional(),
  clientId: id.optional(),
  leadId: id.optional(),
});

/**
 * Invoices and credit notes (docs/product.md#invoices): by status (`overdue` derived from the due
 * date), kind and client; searched by number or client; `format=csv` answers every matching
 * invoice as CSV, `format=payments-csv` every payment of them.
 */
export const invoiceListQuery = z.object({
  ...base('invoices'),
  status: z.enum(INVOICE_FILTERS, { error: 'Unknown status' }).optional(),
  kind: z.enum(['invoice', 'credit_note'], { error: 'Use invoice or credit_note' }).optional(),
  clientId: id.optional(),
  format: z.enum(['json', 'csv', 'payments-csv'], { error: 'Use json, csv or payments-csv' }).optional(),
});

export type ClientListQuery = z.output<typeof clientListQuery>;
export type ProjectListQuery = z.output<typeof projectListQuery>;
export type CommunicationListQuery = z.output<typeof communicationListQuery>;
export type LeadListQuery = z.output<typeof leadListQuery>;
export type SubscriberListQuery = z.output<typeof subscriberListQuery>;
export type ProposalListQuery = z.output<typeof proposalListQuery>;
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;
