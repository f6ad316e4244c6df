/**
 * Who is emailed about a proposal (docs/product.md#proposals): the members of its client who may
 * sign it, its `owner` and `billing` members who have not been erased. A member who has joined
 * gets a sign-in link (MAGIC_LINK_HOURS) that lands on the proposal; one still invited (a lead's
 * new client, or an owner who never set up the portal) gets an invitation to set up their sign-in
 * that works until the proposal expires (at least 72 hours) and lands on the proposal too. Each
 * email is queued in the caller's transaction, so it goes out only if that write commits.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { clientMembers } from '../../../../db/schema/index.ts';
import type { ProposalTotals } from '../../../shared/proposals.ts';
import type { SqlDb } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { ConflictError } from '../../errors.ts';
import { queueEmail } from '../email/queue.ts';
import { renderProposalReminder, renderProposalSent } from '../email/templates/proposals.tsx';
import { createClientSignInLink, signInLinkUrl } from '../sign-in/client-sign-in-links.ts';
import { createInvitationLink } from '../sign-in/invitations.ts';
import { INVITATION_TTL_MS } from '../sign-in/password-resets.ts';
import { newToken } from '../single-use-tokens.ts';
import { expiresAt, formatDay } from './validity.ts';

/** The settings the proposal emails read. */
export type ProposalEmailEnv = Pick<Env, 'SITE_URL' | 'MAGIC_LINK_HOURS' | 'SITE_TIME_ZONE'>;

/** The roles that may sign a proposal (docs/product.md#proposals). */
export const SIGNING_ROLES = ['owner', 'billing'] as const;

/** What the emails say of the proposal. */
export interface ProposalMail {
  id: string;
  clientId: string;
  title: string;
  validUntil: string;
  totals: Pick<ProposalTotals, 'oneOffCents' | 'monthlyCents' | 'depositCents'>;
  /** The staff member who sent it, by name. */
  sentBy: string;
}

/** The client's members who may sign (and who pay: `owner` and `billing`), in the caller's transaction: oldest first. */
export function signersOf(tx: SqlDb, clientId: string) {
  return tx
    .select()
    .from(clientMembers)
    .where(
      and(
        eq(clientMembers.clientId, clientId),
        inArray(clientMembers.role, [...SIGNING_ROLES]),
        isNull(clientMembers.erasedAt),
      ),
    )
    .orderBy(clientMembers.createdAt, clientMembers.id);
}

/**
 * Queues the email of `kind` ('sent' or 'reminder') about `proposal` to each member who may sign
 * (see the module comment), in `tx`; returns how many were queued. ConflictError('no_signer')
 * when nobody on the client's team may sign.
 */
export async function queueProposalEmails(
  tx: SqlDb,
  proposal: ProposalMail,
  kind: 'sent' | 'reminder',
  env: ProposalEmailEnv,
  now: Date,
): Promise<number> {
  const signers = await signersOf(tx, proposal.clientId);
  if (signers.length === 0) {
    throw new ConflictError(
      'no_signer',
      "Nobody on this client's team can sign: invite an owner or a billing member first",
      'clientId',
    );
  }
  const landing = `/portal/proposals/${proposal.id}`;
  const invitationTtl = Math.max(
    INVITATION_TTL_MS,
    expiresAt(proposal.validUntil, env.SITE_TIME_ZONE).getTime() - now.getTime(),
  );
  const common = {
    title: proposal.title,
    validUntil: formatDay(proposal.validUntil),
    totals: proposal.totals,
    sentBy: proposal.sentBy,
    hours: env.MAGIC_LINK_HOURS,
  };
  for (const member of signers) {
    let link: string;
    if (member.joinedAt) {
      const token = newToken();
      await createClientSignInLink(tx, member.id, landing, env.MAGIC_LINK_HOURS, now, { token });
      link = signInLinkUrl(env.SITE_URL, token);
    } else {
      link = await createInvitationLink(tx, member.id, env.SITE_URL, now, invitationTtl, landing);
    }
    const data = { ...common, name: member.name, link };
    const rendered =
      kind === 'sent'
        ? await renderProposalSent({ ...data, invitation: !member.joinedAt })
        : await renderProposalReminder(data);
    await queueEmail(tx, 'client', [member.email], rendered);
  }
  return signers.length;
}
