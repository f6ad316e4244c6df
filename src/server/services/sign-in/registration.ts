/**
 * Self-registration in the portal (docs/product.md#registration): an account made from the sign-in
 * screen is unconfirmed (`clients.confirmed = false`) until its email is proven, by opening the
 * "Confirm your email" link (a client sign-in link, services/sign-in/client-sign-in-links.ts) or any other
 * sign-in or password link sent to it. Staff see such accounts marked, are not alerted about them,
 * and the hourly sweep deletes one still unconfirmed after UNCONFIRMED_TTL_MS, with everything of it.
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { clients } from '../../../../db/schema/index.ts';
import { newToken } from '../single-use-tokens.ts';
import { forgetMembers, memberIdsOf, type ClientMemberRecord } from '../clients/members.ts';
import { renderEmailConfirmation } from '../email/templates/account-links.tsx';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { insertClient, type ClientRow, type NewClient } from '../clients/clients.ts';
import type { MemberRow } from '../clients/members.ts';
import { createClientSignInLink, signInLinkUrl } from './client-sign-in-links.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { queueEmail } from '../email/queue.ts';
import { storageKeysOf } from '../files/files.ts';

/** How long an account may stay unconfirmed before the sweep deletes it, in milliseconds: 7 days. */
export const UNCONFIRMED_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Stores sign-in link `token` to /portal for member `member`, working `hours` hours from `now`, and queues
 * its "Confirm your email" email, in `tx`.
 */
async function queueConfirmation(
  tx: SqlDb,
  member: { id: string; email: string },
  rendered: Awaited<ReturnType<typeof renderEmailConfirmation>>,
  token: string,
  hours: number,
  now: Date,
) {
  await createClientSignInLink(tx, member.id, '/portal', hours, now, { token });
  await queueEmail(tx, 'client', [member.email], rendered);
}

/**
 * Registers a client from the portal: an unconfirmed account, a single-use sign-in link working
 * `hours` hours and its "Confirm your email" email (pages under `siteUrl`), in one write (the email
 * is rendered before it). Returns the new client with its first owner. ConflictError('email_taken') when the email
 * exists in any case; DatabaseBusyError when the write is shed. Nothing is written on an error.
 */
export async function registerClient(
  db: Database,
  input: NewClient,
  siteUrl: string,
  hours: number,
): Promise<ClientRow & { owner: MemberRow }> {
  const token = newToken();
  const rendered = await renderEmailConfirmation({ name: input.name, link: signInLinkUrl(siteUrl, token), hours });
  return db.write(async (tx) => {
    const now = new Date();
    const client = await insertClient(tx, { ...input, confirmed: false });
    await queueConfirmation(tx, client.owner, rendered, token, hours, now);
    return client;
  });
}

/**
 * "Send it again": a new "Confirm your email" email with a new link for the signed-in `member`
 * (earlier links keep working until used or expired). NotFoundError for a missing client;
 * ConflictError('already_confirmed') when the client's email is confirmed already.
 */
export async function resendEmailConfirmation(
  db: Database,
  member: ClientMemberRecord,
  siteUrl: string,
  hours: number,
): Promise<void> {
  const clientId = member.clientId;
  if (member.client.confirmed) throw alreadyConfirmed();
  const token = newToken();
  const rendered = await renderEmailConfirmation({ name: member.name, link: signInLinkUrl(siteUrl, token), hours });
  await db.write(async (tx) => {
    const [current] = await tx.select({ confirmed: clients.confirmed }).from(clients).where(eq(clients.id, clientId));
    if (!current) throw new NotFoundError('Client');
    if (current.confirmed) throw alreadyConfirmed();
    await queueConfirmation(tx, member, rendered, token, hours, new Date());
  });
}

const alreadyConfirmed = () => new ConflictError('already_confirmed', 'Your email is already confirmed.', 'email');

/**
 * The sweep's part (jobs/sweep.ts): deletes every account still unconfirmed that registered at or
 * before `now` minus UNCONFIRMED_TTL_MS (only self-registered accounts are ever unconfirmed), with
 * everything of it: its rows go by the tables' cascades, its passkeys, two-step records and
 * single-use tokens here, and `session-ended` closes its live streams. Returns the deleted
 * clients' ids and the storage keys of their files, for the caller to delete once the write has
 * committed.
 */
export async function deleteUnconfirmedClients(
  db: Database,
  now = new Date(),
): Promise<{ clientIds: string[]; storageKeys: string[] }> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_TTL_MS);
  return db.write(async (tx) => {
    const stale = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.confirmed, false), lte(clients.createdAt, cutoff)));
    const clientIds = stale.map((row) => row.id);
    const storageKeys: string[] = [];
    if (clientIds.length === 0) return { clientIds, storageKeys };
    for (const id of clientIds) storageKeys.push(...(await storageKeysOf(tx, { clientId: id })));
    await forgetMembers(tx, await memberIdsOf(tx, clientIds));
    await tx.delete(clients).where(inArray(clients.id, clientIds));
    return { clientIds, storageKeys };
  });
}
