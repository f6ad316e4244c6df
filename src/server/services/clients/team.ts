/**
 * A client's team (docs/product.md#client-teams; docs/decisions/0041-client-members.md): the list
 * of its people, invitations by an owner or by staff, role changes and removals. A client always
 * keeps at least one owner who has joined: a change that would leave none is refused with
 * ConflictError('last_owner') (409), decided inside the write transaction, so two owners demoting
 * each other at once leave one owner. Every change is recorded as an admin event naming who made
 * it, and ends or re-checks the person's live streams (`session-ended`).
 */
import { and, eq } from 'drizzle-orm';
import { clientMembers, clients } from '../../../../db/schema/index.ts';
import { businessName, CLIENT_ROLE_LABELS, memberLabel, type ClientRole } from '../../../shared/team.ts';
import type { TeamInvitationValues } from '../../../shared/schemas/team.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { recordEvent } from '../events/events.ts';
import { queueInvitation } from '../sign-in/invitations.ts';
import { revokeUserSessions } from '../sign-in/sessions.ts';
import { uniqueEmail } from './clients.ts';
import {
  forgetMembers,
  insertMember,
  memberStatus,
  membersOf,
  otherOwners,
  syncPrimaryEmail,
  toPublicMember,
  type ClientMemberRecord,
  type MemberRow,
} from './members.ts';

/** Who changes a team: one of its owners, or a staff member. */
export type TeamActor = { kind: 'member'; member: ClientMemberRecord } | { kind: 'staff'; staff: Actor };

/** A member as the team list shows them: `{id, name, email, role, status}`. */
const toTeamMember = (member: MemberRow) => ({ ...toPublicMember(member), status: memberStatus(member) });

/** The people of client `clientId`, oldest first: `{members: [{id, name, email, role, status}]}`. */
export async function listTeam(db: Database, clientId: string) {
  const members = await membersOf(db.read, clientId);
  return { members: members.filter((member) => !member.erasedAt).map(toTeamMember) };
}

/** The admin event's actor and the name an email shows for `by`. */
function actorOf(by: TeamActor, client: { name: string; company: string | null }): { actor: Actor; name: string } {
  if (by.kind === 'staff') {
    return { actor: by.staff, name: by.staff.displayName || 'The team' };
  }
  const label = memberLabel(by.member.name, client);
  return { actor: { id: by.member.id, username: label, displayName: label }, name: by.member.name };
}

async function clientOf(tx: SqlDb, clientId: string) {
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
  if (!client) throw new NotFoundError('Client');
  return client;
}

/** The member `memberId` of client `clientId` (NotFoundError for anyone else). */
async function memberOf(tx: SqlDb, clientId: string, memberId: string): Promise<MemberRow> {
  const [member] = await tx
    .select()
    .from(clientMembers)
    .where(and(eq(clientMembers.id, memberId), eq(clientMembers.clientId, clientId)));
  if (!member) throw new NotFoundError('Member');
  return member;
}

const lastOwner = () =>
  new ConflictError('last_owner', 'A client must keep at least one owner. Make someone else an owner first.', 'role');

/**
 * Invites `values.email` to client `clientId`'s team as `values.role`: a member row, invited, and
 * a 7-day single-use link by email (queueInvitation), in one write. Returns the new member as the
 * team list shows them. ConflictError('email_taken') (409) when the address already belongs to a
 * member of this or any other client; NotFoundError for a missing client.
 */
export async function inviteMember(
  db: Database,
  by: TeamActor,
  clientId: string,
  values: TeamInvitationValues,
  siteUrl: string,
) {
  return uniqueEmail(() =>
    db.write(async (tx) => {
      const client = await clientOf(tx, clientId);
      const { actor, name } = actorOf(by, client);
      const now = new Date();
      const member = await insertMember(
        tx,
        {
          clientId,
          name: values.name,
          email: values.email,
          role: values.role,
          passwordHash: null,
          joinedAt: null,
          invitedBy: name,
        },
        now,
      );
      const business = businessName(client);
      const role = CLIENT_ROLE_LABELS[values.role].toLowerCase();
      await queueInvitation(tx, member, siteUrl, now, { inviter: name, business, role });
      const summary = `Invited ${memberLabel(member.name, client)} to the team as ${role}`;
      await recordAdminEvent(tx, actor, 'create', 'client', clientId, summary);
      return toTeamMember(member);
    }),
  );
}

/**
 * Gives member `memberId` of client `clientId` the role `role`. ConflictError('last_owner') when
 * it would leave the client without a joined owner; NotFoundError for anyone not on the team. The
 * member's open streams re-read their role at once. Returns the member as the team list shows them.
 */
export async function changeRole(db: Database, by: TeamActor, clientId: string, memberId: string, role: ClientRole) {
  return db.write(async (tx) => {
    const client = await clientOf(tx, clientId);
    const member = await memberOf(tx, clientId, memberId);
    if (member.role === role) return toTeamMember(member);
    if (member.role === 'owner' && member.joinedAt && (await otherOwners(tx, clientId, memberId)) === 0) {
      throw lastOwner();
    }
    const now = new Date();
    const [updated] = await tx
      .update(clientMembers)
      .set({ role, updatedAt: now })
      .where(eq(clientMembers.id, memberId))
      .returning();
    await syncPrimaryEmail(tx, clientId, now);
    // Not an end of the session: its streams check it again and filter by the new role.
    await recordEvent(tx, { type: 'session-ended', kind: 'client', userId: memberId });
    const label = CLIENT_ROLE_LABELS[role].toLowerCase();
    await recordAdminEvent(
      tx,
      actorOf(by, client).actor,
      'update',
      'client',
      clientId,
      `Made ${memberLabel(member.name, client)} ${label}`,
    );
    return toTeamMember(updated!);
  });
}

/**
 * Removes member `memberId` from client `clientId`'s team: their sessions end at once, their
 * passkeys, two-step records and open links go, and their row is deleted; what they wrote stays
 * with their name. ConflictError('last_owner') for the last joined owner; NotFoundError for
 * anyone not on the team.
 */
export async function removeMember(db: Database, by: TeamActor, clientId: string, memberId: string): Promise<void> {
  await db.write(async (tx) => {
    const client = await clientOf(tx, clientId);
    const member = await memberOf(tx, clientId, memberId);
    if (member.role === 'owner' && member.joinedAt && (await otherOwners(tx, clientId, memberId)) === 0) {
      throw lastOwner();
    }
    await revokeUserSessions(tx, 'client', memberId);
    await forgetMembers(tx, [memberId]);
    await tx.delete(clientMembers).where(eq(clientMembers.id, memberId));
    await syncPrimaryEmail(tx, clientId);
    const summary = `Removed ${memberLabel(member.name, client)} from the team`;
    await recordAdminEvent(tx, actorOf(by, client).actor, 'delete', 'client', clientId, summary);
  });
}
