/**
 * The invitation of a client made by staff (docs/product.md#invitations): a 72-hour single-use
 * link (a `client-invitation` token of the single-use store, services/sign-in/password-resets.ts)
 * to /portal/welcome, where the client sets a password or a passkey and is signed in. A reset
 * link (as every link from before invitations had their purpose) counts as an invitation while
 * its client has not chosen a password.
 * A used or expired invitation offers a new one by email; staff can send one again while the
 * client has not set up the account.
 */
import { and, count, eq } from 'drizzle-orm';
import { clients, clientSessions, passkeys } from '../../../../db/schema/index.ts';
import { findToken, isOpen, spendToken, type TokenRow } from '../single-use-tokens.ts';
import { lastIssuedAt, spendTokensOf } from '../single-use-token-subjects.ts';
import { renderInvitation } from '../email/templates/account-links.tsx';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { findClientByEmail, hasNoPasswordYet, type ClientRow } from '../clients/clients.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { queueEmail } from '../email/queue.ts';
import {
  createPasswordResetToken,
  INVITATION_TTL_MS,
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
  /** The client's name, for the greeting; null for an unknown link. */
  name: string | null;
}

type PasswordLink = TokenRow<(typeof PASSWORD_LINKS)[number]>;

/** The password link of `token` (in any state) with its client, or undefined. */
async function linkOf(db: SqlDb, token: string): Promise<{ link: PasswordLink; client: ClientRow } | undefined> {
  const link = await findToken(db, PASSWORD_LINKS, token);
  if (!link) return undefined;
  const [client] = await db.select().from(clients).where(eq(clients.id, link.subject));
  return client ? { link, client } : undefined;
}

const purposeOf = (link: PasswordLink, client: ClientRow): PasswordLinkPurpose =>
  link.purpose === 'client-invitation' || hasNoPasswordYet(client) ? 'invitation' : 'reset';

function stateOf(link: PasswordLink, client: ClientRow, now: Date): LinkState {
  if (link.usedAt) return 'used';
  if (!isOpen(link, now) || !client.isActive) return 'expired';
  return 'usable';
}

/** What password link `token` is and where it stands (PasswordLinkInfo), without spending it. */
export async function describePasswordLink(db: Database, token: string, now = new Date()): Promise<PasswordLinkInfo> {
  const row = await linkOf(db.read, token);
  if (!row) return { state: 'unknown', purpose: 'reset', name: null };
  return { state: stateOf(row.link, row.client, now), purpose: purposeOf(row.link, row.client), name: row.client.name };
}

/** The client whose link `token` is (name and email, for the password check), or undefined. */
export async function findInvitedClient(db: Database, token: string): Promise<ClientRow | undefined> {
  return (await linkOf(db.read, token))?.client;
}

/** Why an invitation could not be accepted: it was used, it expired (or never existed), or it is a reset link. */
export class InvitationUnusableError extends Error {
  constructor(readonly state: Exclude<LinkState, 'usable'> | 'not_invitation') {
    super(`Invitation ${state}`);
  }
}

/**
 * Accepts invitation `token`: sets `passwordHash` as the client's first password (or none when
 * null: the client adds a passkey once signed in), marks the email confirmed and spends every
 * open link of the client, in one write. Returns the client. InvitationUnusableError when the
 * link is used, expired, unknown, its client inactive, or it is a reset link.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  passwordHash: string | null,
  now = new Date(),
): Promise<ClientRow> {
  return db.write(async (tx) => {
    const row = await linkOf(tx, token);
    if (!row) throw new InvitationUnusableError('unknown');
    if (purposeOf(row.link, row.client) !== 'invitation') throw new InvitationUnusableError('not_invitation');
    const state = stateOf(row.link, row.client, now);
    if (state !== 'usable') throw new InvitationUnusableError(state);
    if (!(await spendToken(tx, row.link.purpose, token, now))) throw new InvitationUnusableError('used');
    const [client] = await tx
      .update(clients)
      .set({ ...(passwordHash ? { passwordHash } : {}), confirmed: true, updatedAt: now })
      .where(eq(clients.id, row.client.id))
      .returning();
    await spendTokensOf(tx, PASSWORD_LINKS, row.client.id, now);
    if (!client) throw new InvitationUnusableError('unknown');
    return client;
  });
}

/**
 * Whether client `clientId` has set up the account: chosen a password, added a passkey or signed
 * in (a session is open). Read in `db` (a transaction when it must hold for a write).
 */
async function hasSetUp(db: SqlDb, client: ClientRow): Promise<boolean> {
  if (!hasNoPasswordYet(client)) return true;
  const [keys] = await db
    .select({ n: count() })
    .from(passkeys)
    .where(and(eq(passkeys.kind, 'client'), eq(passkeys.userId, client.id)));
  const [sessions] = await db.select({ n: count() }).from(clientSessions).where(eq(clientSessions.clientId, client.id));
  return (keys?.n ?? 0) > 0 || (sessions?.n ?? 0) > 0;
}

/**
 * The invitation of client `clientId` as its page shows it: `pending` (true while the client has
 * not set up the account, so an invitation can be sent again) and `lastSentAt` (ISO string, or
 * null when none is on record). NotFoundError for a missing client.
 */
export async function invitationStatus(db: Database, clientId: string) {
  const [client] = await db.read.select().from(clients).where(eq(clients.id, clientId));
  if (!client) throw new NotFoundError('Client');
  return {
    pending: !(await hasSetUp(db.read, client)),
    lastSentAt: (await lastIssuedAt(db.read, 'client-invitation', clientId))?.toISOString() ?? null,
  };
}

/**
 * Queues an invitation for `client` in the caller's transaction `tx`: a 72-hour single-use link
 * (INVITATION_TTL_MS, purpose 'invitation') to /portal/welcome under `siteUrl` and its email.
 * Returns the email's id.
 */
export async function queueInvitation(
  tx: SqlDb,
  client: { id: string; name: string; email: string },
  siteUrl: string,
  now: Date,
): Promise<string> {
  const token = newResetToken();
  const rendered = await renderInvitation({ name: client.name, link: welcomeLink(siteUrl, token) });
  await createPasswordResetToken(tx, client.id, now, INVITATION_TTL_MS, token, 'invitation');
  return queueEmail(tx, 'client', [client.email], rendered);
}

/**
 * Staff send client `clientId` a new invitation (docs/product.md#invitations), recorded as an
 * admin event by `actor`; earlier invitations keep working until used or expired. Returns the
 * new `lastSentAt` (ISO). NotFoundError for a missing client; ConflictError('already_set_up')
 * (409) when the client has chosen a password, added a passkey or signed in.
 */
export async function resendInvitation(db: Database, actor: Actor, clientId: string, siteUrl: string) {
  return db.write(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
    if (!client) throw new NotFoundError('Client');
    if (await hasSetUp(tx, client)) {
      throw new ConflictError(
        'already_set_up',
        'This client has already set up their account: they can sign in, or reset their password from the sign-in screen.',
        'client',
      );
    }
    const now = new Date();
    await queueInvitation(tx, client, siteUrl, now);
    await recordAdminEvent(tx, actor, 'update', 'client', client.id, `Sent ${client.name} a new portal invitation`);
    return { lastSentAt: now.toISOString() };
  });
}

/**
 * "Send me a new link" from a used or expired invitation: when an active client who has not set
 * up the account has `email`, a new invitation is queued to that address on file. Resolves
 * whether one was queued; the caller answers the same either way.
 */
export async function requestNewInvitation(db: Database, email: string, siteUrl: string): Promise<boolean> {
  const found = await findClientByEmail(db, email);
  if (!found?.isActive) return false;
  return db.write(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, found.id));
    if (!client?.isActive || (await hasSetUp(tx, client))) return false;
    await queueInvitation(tx, client, siteUrl, new Date());
    return true;
  });
}
