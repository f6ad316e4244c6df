/**
 * Erasing one person of a client's team (docs/product.md#privacy, #client-teams;
 * docs/decisions/0032-privacy-export-erasure-consent.md): the person becomes "Deleted member #…"
 * with an address that cannot receive mail; every way of signing in ends; their own words (the
 * messages they wrote) and the files they uploaded go; their approval decisions keep the date and
 * hash but lose the name, address and IP; the business's records (the client, its projects, the
 * team's messages, other members' words) stay. Old admin events lose the old name and email.
 * Their exports go too. Erasing again changes nothing and answers the same. The last joined owner
 * cannot be erased alone (ConflictError 'last_owner': erase the client instead).
 */
import { eraseReplyTokens } from '../inbound/reply-tokens.ts';
import { eraseBookings } from '../bookings/erasure.ts';
import { and, eq } from 'drizzle-orm';
import { approvals, clientMembers, communications, projectFiles } from '../../../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { Database } from '../../db/database.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { forgetMembers, otherOwners, syncPrimaryEmail } from '../clients/members.ts';
import { revokeUserSessions } from '../sign-in/sessions.ts';
import { dropExportsOf } from './export-downloads.ts';
import { ERASED, erasedName, scrubAdminEvents, type ErasureResult } from './erasure.ts';

/**
 * Erases member `memberId` of client `clientId` by `staff`, as the module says. NotFoundError for
 * anyone not on that client's team. Resolves with what was done, the storage keys of the files
 * whose rows went (to delete after the commit) included.
 */
export async function eraseMember(db: Database, staff: Actor, clientId: string, memberId: string) {
  return db.write(async (tx): Promise<ErasureResult> => {
    const [member] = await tx
      .select()
      .from(clientMembers)
      .where(and(eq(clientMembers.id, memberId), eq(clientMembers.clientId, clientId)));
    if (!member) throw new NotFoundError('Member');
    const name = erasedName('member', memberId);
    if (member.erasedAt) return { id: memberId, name, erased: false, storageKeys: [] };
    if (member.role === 'owner' && member.joinedAt && (await otherOwners(tx, clientId, memberId)) === 0) {
      throw new ConflictError('last_owner', 'This is the client’s only owner: erase the client instead.', 'member');
    }
    const now = new Date();
    await revokeUserSessions(tx, 'client', memberId);
    await forgetMembers(tx, [memberId]);
    await eraseReplyTokens(tx, { recipientKind: 'member', recipientIds: [memberId] });
    await eraseBookings(tx, { memberIds: [memberId] }, name);
    await tx
      .update(clientMembers)
      .set({
        name,
        email: `deleted-${memberId}@invalid`,
        passwordHash: null,
        role: 'member',
        emailNotifications: false,
        updatedAt: now,
        erasedAt: now,
      })
      .where(eq(clientMembers.id, memberId));
    await syncPrimaryEmail(tx, clientId, now);
    await tx
      .update(communications)
      .set({ subject: ERASED, message: ERASED, authorName: name })
      .where(and(eq(communications.authorId, memberId), eq(communications.fromClient, true)));
    const files = await tx
      .delete(projectFiles)
      .where(eq(projectFiles.uploaderMemberId, memberId))
      .returning({ key: projectFiles.storageKey });
    await tx
      .update(approvals)
      .set({ decidedByName: name, decidedByEmail: null, decisionIp: null })
      .where(eq(approvals.decidedByMemberId, memberId));
    await scrubAdminEvents(tx, [member.name, member.email], name);
    const exportKeys = await dropExportsOf(tx, { kind: 'client', id: memberId });
    await recordAdminEvent(tx, staff, 'delete', 'client', clientId, `Erased member #${memberId.slice(0, 8)}`);
    return {
      id: memberId,
      name,
      erased: true,
      storageKeys: [...files.map((file) => file.key), ...exportKeys],
    };
  });
}
