/**
 * What the staff's proposal services share (docs/product.md#proposals): the live event of a
 * change, a proposal read in a write, the valid-until day's bounds, the recipient a proposal of a
 * client or a lead is for, and the totals of a row's required items.
 */
import { eq } from 'drizzle-orm';
import { clientMembers, clients, contactSubmissions, proposals } from '../../../../db/schema/index.ts';
import { PROPOSAL_LIMITS } from '../../../shared/proposals.ts';
import type { ProposalValues } from '../../../shared/schemas/proposals.ts';
import type { SqlDb } from '../../db/database.ts';
import { ConflictError, InvalidFieldError, NotFoundError } from '../../errors.ts';
import { recordEvent } from '../events/events.ts';
import type { ProposalRow } from './proposal-json.ts';
import { daysFromToday, todayIn } from './validity.ts';

/** Records `proposal-updated` for `row` in `tx`: its client's portals follow it once it was sent. */
export async function recordProposalUpdated(tx: SqlDb, row: ProposalRow): Promise<void> {
  await recordEvent(tx, {
    type: 'proposal-updated',
    proposalId: row.id,
    clientId: row.status === 'draft' ? null : row.clientId,
    leadId: row.leadId,
  });
}

/** The proposal `id` in `tx`, or NotFoundError. */
export async function proposalRow(tx: SqlDb, id: string): Promise<ProposalRow> {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id));
  if (!row) throw new NotFoundError('Proposal');
  return row;
}

/** Refuses a valid-until day before today or more than a year ahead, in `timeZone`. */
export function checkValidUntil(validUntil: string, timeZone: string, now: Date) {
  if (validUntil < todayIn(timeZone, now)) {
    throw new InvalidFieldError('validUntil', 'The valid-until date must be today or later');
  }
  if (validUntil > daysFromToday(timeZone, PROPOSAL_LIMITS.validDays, now)) {
    throw new InvalidFieldError('validUntil', 'A proposal can be valid for at most a year');
  }
}

/**
 * The client and lead a proposal of `values` is for, checked in `tx`: a client that exists and is
 * not erased; a lead that exists, has an email and, unless converted (then its client), has an
 * email no member has. InvalidFieldError / ConflictError otherwise.
 */
export async function recipientOf(tx: SqlDb, values: Pick<ProposalValues, 'clientId' | 'leadId'>) {
  if (values.clientId) {
    const [client] = await tx.select().from(clients).where(eq(clients.id, values.clientId));
    if (!client || client.erasedAt) throw new InvalidFieldError('clientId', 'This client does not exist');
    return { clientId: client.id, leadId: null };
  }
  const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, values.leadId!));
  if (!lead || lead.erasedAt) throw new InvalidFieldError('leadId', 'This lead does not exist');
  if (lead.clientId) return { clientId: lead.clientId, leadId: lead.id };
  if (!lead.email) throw new InvalidFieldError('leadId', 'This lead has no email to invite');
  const [member] = await tx
    .select({ id: clientMembers.id })
    .from(clientMembers)
    .where(eq(clientMembers.email, lead.email.trim().toLowerCase()));
  if (member) {
    throw new ConflictError(
      'email_taken',
      "This lead's email belongs to a client's account: write the proposal for that client",
      'leadId',
    );
  }
  return { clientId: null, leadId: lead.id };
}

/** The totals of `row`'s required items, integer cents, as its emails and the team's say them. */
export function rowTotals(row: Pick<ProposalRow, 'oneOffCents' | 'monthlyCents' | 'depositCents'>) {
  return { oneOffCents: row.oneOffCents, monthlyCents: row.monthlyCents, depositCents: row.depositCents };
}
