/**
 * Invitations to the portal (docs/product.md#invitations, #client-teams): the invitation of a
 * client made by staff (72 hours) and of a person to a client's team (7 days), each a
 * single-use link (a `client-invitation` token of the single-use store whose subject is the
 * invited member's id, services/sign-in/password-resets.ts) to /portal/welcome, where the person
 * sets a password or a passkey and is signed in. A reset link counts as an invitation while its
 * member has not joined.
 * A used or expired invitation offers a new one by email; staff can send one again while the
 * client's owner has not set up the account.
 */
import { eq } from 'drizzle-orm';
import { clientMembers } from '../../../../db/schema/index.ts';
import { findToken, isOpen, spendToken, type TokenRow } from '../single-use-tokens.ts';
import { lastIssuedAt, spendTokensOf } from '../single-use-token-subjects.ts';
import { renderInvitation, renderTeamInvitation } from '../email/templates/account-links.tsx';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { markEmailConfirmed } from '../clients/clients.ts';
import { businessName } from '../../../shared/team.ts';
import { findMemberByEmail, findMemberById, primaryOwner, type ClientMemberRecord } from '../clients/members.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { queueEmail } from '../email/queue.ts';
import {
  createPasswordResetToken,
  INVITATION_TTL_MS,
  TEAM_INVITATION_TTL_MS,
  newResetToken,
  PASSWORD_LINKS,
  type PasswordLinkPurpose,
} from './password-resets.ts';

/** The page where an invitation's token is used; the token goes after `#`. */
const welcomeLink = (siteUrl: string, token: string) => new URL(`/portal/welcome#token=${token}`, siteUrl).href;

/** Where a password link stands: usable, already used, past its time, or not a link at all. */
export type LinkState = 'usable' | 'used' | 'expired' | 'unknown';

/** What the welcome and reset pages learn of a link: its state, what it is for, whose it is (first name). */
export interface PasswordLinkInfo {
  state: LinkState;
  purpose: PasswordLinkPurpose;
  /** The person's name, for the greeting; null for an unknown link. */
  name: string | null;
  /**
   * For an invitation to a client's team (docs/product.md#client-teams): who invited them, to
   * which business, as which role; null otherwise.
   */
  team: { inviter: string; business: string; role: string } | null;
  /**
   * The portal page the person lands on once set up (an invitation that came with a proposal,
   * docs/product.md#proposals); null for the portal's home.
   */
  redirectPath: string | null;
}

type PasswordLink = TokenRow<(typeof PASSWORD_LINKS)[number]>;

/** The password link of `token` (in any state) with its member and client, or undefined. */
async function linkOf(
  db: SqlDb,
  token: string,
): Promise<{ link: PasswordLink; member: ClientMemberRecord } | undefined> {
  const link = await findToken(db, PASSWORD_LINKS, token);
  if (!link) return undefined;
  const member = await findMemberById(db, link.subject);
  return member ? { link, member } : undefined;
}

const purposeOf = (link: PasswordLink, member: ClientMemberRecord): PasswordLinkPurpose =>
  link.purpose === 'client-invitation' || !member.joinedAt ? 'invitation' : 'reset';

function stateOf(link: PasswordLink, member: ClientMemberRecord, now: Date): LinkState {
  if (link.usedAt) return 'used';
  if (!isOpen(link, now) || !member.client.isActive || member.erasedAt) return 'expired';
  return 'usable';
}

/** What password link `token` is and where it stands (PasswordLinkInfo), without spending it. */
export async function describePasswordLink(db: Database, token: string, now = new Date()): Promise<PasswordLinkInfo> {
  const row = await linkOf(db.read, token);
  if (!row) return { state: 'unknown', purpose: 'reset', name: null, team: null, redirectPath: null };
  const { member } = row;
  const team =
    member.invitedBy && !member.joinedAt
      ? { inviter: member.invitedBy, business: businessName(member.client), role: member.role }
      : null;
  const redirectPath = row.link.purpose === 'client-invitation' ? (row.link.payload?.redirectPath ?? null) : null;
  return {
    state: stateOf(row.link, member, now),
    purpose: purposeOf(row.link, member),
    name: member.name,
    team,
    redirectPath,
  };
}

/** The member whose link `token` is (name and email, for the password check), or undefined. */
export async function findInvitedClient(db: Database, token: string): Promise<ClientMemberRecord | undefined> {
  return (await linkOf(db.read, token))?.member;
}

/** Why an invitation could not be accepted: it was used, it expired (or never existed), or it is a reset link. */
export class InvitationUnusableError extends Error {
  constructor(readonly state: Exclude<LinkState, 'usable'> | 'not_invitation') {
    super(`Invitation ${state}`);
  }
}

/**
 * Accepts invitation `token`: sets `passwordHash` as the member's first password (or none when
 * null: the person adds a passkey once signed in) and `name` when given, marks the member joined
 * and the client's email confirmed, and spends every open link of the member, in one write.
 * Returns the member with their client. InvitationUnusableError when the link is used, expired,
 * unknown (a removed member's links went with them), its client inactive, or it is a reset link.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  passwordHash: string | null,
  now = new Date(),
  name?: string,
): Promise<ClientMemberRecord> {
  return db.write(async (tx) => {
    const row = await linkOf(tx, token);
    if (!row) throw new InvitationUnusableError('unknown');
    if (purposeOf(row.link, row.member) !== 'invitation') throw new InvitationUnusableError('not_invitation');
    const state = stateOf(row.link, row.member, now);
    if (state !== 'usable') throw new InvitationUnusableError(state);
    if (!(await spendToken(tx, row.link.purpose, token, now))) throw new InvitationUnusableError('used');
    await tx
      .update(clientMembers)
      .set({
        ...(passwordHash ? { passwordHash } : {}),
        ...(name?.trim() ? { name: name.trim() } : {}),
        joinedAt: row.member.joinedAt ?? now,
        updatedAt: now,
      })
      .where(eq(clientMembers.id, row.member.id));
    await markEmailConfirmed(tx, row.member.clientId);
    await spendTokensOf(tx, PASSWORD_LINKS, row.member.id, now);
    const member = await findMemberById(tx, row.member.id);
    if (!member) throw new InvitationUnusableError('unknown');
    return member;
  });
}

/**
 * The invitation of client `clientId`'s primary owner as its page shows it: `pending` (true while
 * the owner has not joined, so an invitation can be sent again) and `lastSentAt` (ISO string, or
 * null when none is on record). NotFoundError for a missing client.
 */
export async function invitationStatus(db: Database, clientId: string) {
  const owner = await primaryOwner(db.read, clientId);
  if (!owner) throw new NotFoundError('Client');
  return {
    pending: !owner.joinedAt,
    lastSentAt: (await lastIssuedAt(db.read, 'client-invitation', owner.id))?.toISOString() ?? null,
  };
}

/**
 * Queues an invitation for `member` in the caller's transaction `tx`: a single-use link to
 * /portal/welcome under `siteUrl` and its email. A client's first owner gets the 72-hour
 * invitation (INVITATION_TTL_MS); a person invited to a team (`team` names who invited them to
 * which business, as which role) gets 7 days (TEAM_INVITATION_TTL_MS). Returns the email's id.
 */
export async function queueInvitation(
  tx: SqlDb,
  member: { id: string; name: string; email: string },
  siteUrl: string,
  now: Date,
  team?: { inviter: string; business: string; role: string },
): Promise<string> {
  const token = newResetToken();
  const link = welcomeLink(siteUrl, token);
  const rendered = team
    ? await renderTeamInvitation({ name: member.name, link, ...team })
    : await renderInvitation({ name: member.name, link });
  const ttl = team ? TEAM_INVITATION_TTL_MS : INVITATION_TTL_MS;
  await createPasswordResetToken(tx, member.id, now, ttl, token, 'invitation');
  return queueEmail(tx, 'client', [member.email], rendered);
}

/**
 * Stores, in the caller's transaction `tx`, an invitation for member `memberId` that works for
 * `ttlMs` from `now` and lands on `redirectPath` once the person is set up (a proposal sent to a
 * lead, docs/product.md#proposals); returns the welcome page's link under `siteUrl`. The caller
 * queues the email that carries it.
 */
export async function createInvitationLink(
  tx: SqlDb,
  memberId: string,
  siteUrl: string,
  now: Date,
  ttlMs: number,
  redirectPath: string,
): Promise<string> {
  const token = newResetToken();
  await createPasswordResetToken(tx, memberId, now, ttlMs, token, 'invitation', redirectPath);
  return welcomeLink(siteUrl, token);
}

/**
 * Staff send client `clientId`'s primary owner a new invitation (docs/product.md#invitations),
 * recorded as an admin event by `actor`; earlier invitations keep working until used or expired.
 * Returns the new `lastSentAt` (ISO). NotFoundError for a missing client; ConflictError
 * ('already_set_up') (409) when the owner has joined (chosen a password or a passkey, or signed in).
 */
export async function resendInvitation(db: Database, actor: Actor, clientId: string, siteUrl: string) {
  return db.write(async (tx) => {
    const owner = await primaryOwner(tx, clientId);
    if (!owner) throw new NotFoundError('Client');
    if (owner.joinedAt) {
      throw new ConflictError(
        'already_set_up',
        'This client has already set up their account: they can sign in, or reset their password from the sign-in screen.',
        'client',
      );
    }
    const now = new Date();
    await queueInvitation(tx, owner, siteUrl, now);
    await recordAdminEvent(tx, actor, 'update', 'client', clientId, `Sent ${owner.name} a new portal invitation`);
    return { lastSentAt: now.toISOString() };
  });
}

/**
 * "Send me a new link" from a used or expired invitation: when a member of an active client who
 * has not joined has `email`, a new invitation is queued to that address on file (as a team
 * invitation when they were invited to a team). Resolves whether one was queued; the caller
 * answers the same either way.
 */
export async function requestNewInvitation(db: Database, email: string, siteUrl: string): Promise<boolean> {
  const found = await findMemberByEmail(db.read, email);
  if (!found?.client.isActive || found.joinedAt) return false;
  return db.write(async (tx) => {
    const member = await findMemberById(tx, found.id);
    if (!member?.client.isActive || member.joinedAt) return false;
    const team = member.invitedBy
      ? { inviter: member.invitedBy, business: businessName(member.client), role: member.role }
      : undefined;
    await queueInvitation(tx, member, siteUrl, new Date(), team);
    return true;
  });
}
