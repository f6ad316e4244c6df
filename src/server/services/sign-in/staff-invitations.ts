/**
 * Staff invitations (docs/product.md#roles; docs/decisions/0031-sign-in-methods.md): an owner
 * invites someone by email as 'owner' or 'staff'; the invitation works once, for 7 days: a
 * `staff-invitation` token of the single-use store (services/single-use-tokens.ts), subject the
 * email, payload `{role, invitedBy}`, its row id the invitation's id. Accepting gives the person
 * the role (a `users` row) and a session; from then on they sign in with Google, an emailed link
 * or a passkey. An owner removes an invited member (the role is cleared and their sessions end);
 * the owners of ADMIN_EMAILS stay owners whatever the database says.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { users, type StaffRole } from '../../../../db/schema/index.ts';
import { staffName } from '../../../shared/staff-name.ts';
import { findToken, issueToken, newToken, spendToken, type TokenRow } from '../single-use-tokens.ts';
import { openTokens, withdrawToken } from '../single-use-token-subjects.ts';
import { renderStaffInvitation } from '../email/templates/sign-in.tsx';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { queueEmail } from '../email/queue.ts';
import type { Database } from '../../db/database.ts';
import { revokeUserSessions } from './sessions.ts';

/** How long an invitation works, in milliseconds: 7 days. */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The page that accepts an invitation; the token goes after `#`. */
const invitationUrl = (siteUrl: string, token: string) => new URL(`/admin/invitation#token=${token}`, siteUrl).href;

/**
 * Invites `email` as `role`, by `owner`: stores the invitation and queues its email in one write.
 * With `name`, the person's display name is kept on their staff account (created without access
 * until they accept) so clients see it from their first reply (docs/product.md#staff-names).
 * AppError 409 `already_staff` when the address may already use the dashboard.
 */
export async function inviteStaff(
  db: Database,
  owner: Actor,
  invite: { email: string; role: StaffRole; name?: string | undefined },
  adminEmails: readonly string[],
  siteUrl: string,
) {
  const email = invite.email.trim().toLowerCase();
  const [existing] = await db.read.select({ role: users.role }).from(users).where(eq(users.username, email));
  if (adminEmails.includes(email) || existing?.role) {
    throw new AppError(409, 'already_staff', 'This person can already use the dashboard.', {
      email: 'This person can already use the dashboard.',
    });
  }
  const token = newToken();
  const rendered = await renderStaffInvitation({
    name: invite.name ?? staffName({ username: email }),
    link: invitationUrl(siteUrl, token),
    invitedBy: staffName(owner),
  });
  return db.write(async (tx) => {
    const now = new Date();
    const payload = { role: invite.role, invitedBy: owner.username };
    await issueToken(tx, 'staff-invitation', email, INVITATION_TTL_MS, payload, { now, token });
    const row = await findToken(tx, 'staff-invitation', token);
    if (invite.name) {
      await tx
        .insert(users)
        .values({ username: email, displayName: invite.name, createdAt: now })
        .onConflictDoUpdate({ target: users.username, set: { displayName: invite.name } });
    }
    await queueEmail(tx, 'team', [email], rendered);
    await recordAdminEvent(tx, owner, 'create', 'invitation', row!.id, `Invited ${email} as ${invite.role}`);
    return invitationJson(row!);
  });
}

function invitationJson(row: TokenRow<'staff-invitation'>) {
  return {
    id: row.id,
    email: row.subject,
    role: row.payload.role,
    invitedBy: row.payload.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The invitations not yet accepted and not expired, newest first. */
export async function pendingInvitations(db: Database) {
  return (await openTokens(db.read, 'staff-invitation')).map(invitationJson);
}

/** Withdraws invitation `id`. NotFoundError('Invitation') when it is not pending. */
export async function withdrawInvitation(db: Database, owner: Actor, id: string) {
  await db.write(async (tx) => {
    const row = await withdrawToken(tx, 'staff-invitation', id);
    if (!row) throw new NotFoundError('Invitation');
    await recordAdminEvent(tx, owner, 'delete', 'invitation', id, `Withdrew the invitation of ${row.subject}`);
  });
}

/**
 * Accepts invitation `token`: the person gets its role (created as a staff user if new). Returns
 * the staff user's id, or null for a used, expired or unknown invitation.
 */
export async function acceptInvitation(db: Database, token: string, now = new Date()): Promise<string | null> {
  return db.write(async (tx) => {
    const invitation = await spendToken(tx, 'staff-invitation', token, now);
    if (!invitation) return null;
    const { role } = invitation.payload;
    const [user] = await tx
      .insert(users)
      .values({ username: invitation.subject, role, createdAt: now, lastSignInAt: now })
      .onConflictDoUpdate({ target: users.username, set: { role, lastSignInAt: now } })
      .returning({ id: users.id });
    return user!.id;
  });
}

/**
 * The staff: every address of ADMIN_EMAILS (owners, `source: 'settings'`) and every invited
 * member (`source: 'invitation'`), with when they last signed in.
 */
export async function listStaff(db: Database, adminEmails: readonly string[]) {
  const rows = await db.read.select().from(users);
  const byEmail = new Map(rows.map((u) => [u.username, u]));
  const fromSettings = adminEmails.map((email) => ({
    id: byEmail.get(email)?.id ?? null,
    email,
    name: staffName(byEmail.get(email) ?? { username: email }),
    role: 'owner' as StaffRole,
    source: 'settings' as const,
    lastSignInAt: byEmail.get(email)?.lastSignInAt?.toISOString() ?? null,
  }));
  const invited = rows
    .filter((u) => u.role && !adminEmails.includes(u.username))
    .map((u) => ({
      id: u.id as string | null,
      email: u.username,
      name: staffName(u),
      role: u.role as StaffRole,
      source: 'invitation' as const,
      lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
    }));
  return [...fromSettings, ...invited];
}

/**
 * Removes invited member `id`: the role is cleared and their sessions end. Returns their name
 * (staffName). NotFoundError('Staff member') for anyone else (an ADMIN_EMAILS owner is removed
 * in the settings).
 */
export async function removeStaffMember(db: Database, owner: Actor, id: string): Promise<string> {
  return db.write(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role: null })
      .where(and(eq(users.id, id), isNotNull(users.role)))
      .returning();
    if (!row) throw new NotFoundError('Staff member');
    await revokeUserSessions(tx, 'staff', id);
    const name = staffName(row);
    await recordAdminEvent(tx, owner, 'delete', 'staff', id, `Removed ${name} from the staff`);
    return name;
  });
}
