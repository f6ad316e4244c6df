/**
 * Who a reply address lets post, and where (docs/product.md#email-replies): the token's recipient
 * on the token's thread, as the portal or the dashboard would let them. A client member posts a
 * message on the project while they may see its work (an owner or a member of a client still
 * active); a staff member posts a team reply while they still have staff access; a chat visitor
 * writes in the chat while it is not closed, a lead adds to its enquiry (other-threads.ts).
 * Anything else (the address revoked, the member removed or erased, the project, the client, the
 * chat or the lead gone) is a closed conversation.
 */
import { and, eq } from 'drizzle-orm';
import { clients, clientMembers, projects, users } from '../../../../db/schema/index.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { chatAuthor, leadAuthor } from './other-threads.ts';
import { roleMay } from '../../../shared/team.ts';
import { staffName } from '../../../shared/staff-name.ts';
import { insertClientMessage, insertTeamReply } from '../projects/communications.ts';
import type { ReplyTokenRow } from './reply-tokens.ts';
import type { ReplyAuthor, ThreadEnv } from './types.ts';

/** The author a reply to `token` posts as, or null when its conversation is closed. */
export async function replyAuthor(db: Database, token: ReplyTokenRow, env: ThreadEnv): Promise<ReplyAuthor | null> {
  if (token.revokedAt) return null;
  if (token.threadKind === 'chat') return chatAuthor(db.read, token);
  if (token.threadKind === 'lead') return leadAuthor(db, token, env);
  return projectAuthor(db.read, token, env.ADMIN_EMAILS);
}

/** A client member or a staff member on a project (`adminEmails`: staff with access without a role). */
async function projectAuthor(
  tx: SqlDb,
  token: ReplyTokenRow,
  adminEmails: readonly string[],
): Promise<ReplyAuthor | null> {
  if (!token.recipientId) return null;
  const [project] = await tx
    .select({ id: projects.id, clientId: projects.clientId, isActive: clients.isActive, erasedAt: clients.erasedAt })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, token.threadId));
  if (!project || !project.isActive || project.erasedAt) return null;
  const projectId = project.id;

  if (token.recipientKind === 'member') {
    const [member] = await tx
      .select()
      .from(clientMembers)
      .where(and(eq(clientMembers.id, token.recipientId), eq(clientMembers.clientId, project.clientId)));
    if (!member || !member.joinedAt || member.erasedAt || !roleMay(member.role, 'work')) return null;
    const author = { id: member.id, name: member.name, clientId: project.clientId };
    return {
      kind: 'member',
      email: member.email.toLowerCase(),
      name: member.name,
      files: { projectId, clientId: project.clientId, uploadedBy: 'client', memberId: member.id },
      post: async (write, input) => (await insertClientMessage(write, author, projectId, input, 'email')).id,
    };
  }

  if (token.recipientKind === 'staff') {
    const [user] = await tx.select().from(users).where(eq(users.id, token.recipientId));
    if (!user || (!user.role && !adminEmails.includes(user.username))) return null;
    const actor = { id: user.id, username: user.username, displayName: user.displayName };
    return {
      kind: 'staff',
      email: user.username.toLowerCase(),
      name: staffName(user),
      files: { projectId, clientId: project.clientId, uploadedBy: 'staff', memberId: null },
      post: async (write, input) => (await insertTeamReply(write, actor, projectId, input, 'email')).id,
    };
  }
  return null;
}
