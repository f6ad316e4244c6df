/**
 * The one store of single-use tokens (docs/decisions/0037-one-single-use-token-store.md): staff
 * and client sign-in links, password resets and client invitations, second-step challenges,
 * passkey ceremony challenges, staff invitations, data-export download links and chat address
 * confirmations all live in `single_use_tokens` (db/schema/tokens.ts) and are made, checked and
 * spent here, and nowhere else.
 *
 * - One recipe: a token is 32 random bytes from node:crypto (256 bits) in base64url, 43
 *   characters, safe in a URL's fragment; only its SHA-256 (lower-case hex) is stored.
 * - `issueToken(db, purpose, subject, ttlMs, payload)` stores one and returns the raw token, which
 *   the caller puts in a link and never stores. A flow that renders its email before its write
 *   makes the token first with `newToken()` and passes it as `options.token`.
 * - `spendToken(db, purpose, token)` spends it: ONE conditional `UPDATE … SET used_at = now
 *   WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > now RETURNING *`,
 *   so of two servers spending the same token at the same moment exactly one gets the row, and
 *   a token of another purpose, used or expired gives null.
 * - Flows that must look before they spend (a second step checks its code first, the welcome page
 *   tells a used link from an expired one, the export page shows the file's size) use
 *   `findToken` / `peekToken`, then spend in the same write.
 * - `sweepTokens(db, now)` (single-use-token-subjects.ts, with the by-subject operations; the hourly sweep, jobs/sweep.ts) deletes every row whose expiry is at
 *   or before `now`, used or not, as the old per-table sweeps did; unused client invitations stay
 *   (docs/product.md#invitations: the welcome page says one expired, the dashboard when the last
 *   was sent) until the client sets up the account, which spends them.
 *
 * Times are `Date`s; durations (`ttlMs`) are milliseconds. Functions taking a `Writer` join the
 * caller's transaction when given one (`writeIn`), else write on their own; they throw what the
 * database throws (DatabaseBusyError when a write is shed). Nothing here throws for a bad token:
 * it is simply not found (null / undefined).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { singleUseTokens, type AccountKind, type SingleUsePurpose, type StaffRole } from '../../../db/schema/index.ts';
import { writeIn, type SqlDb, type Writer } from '../db/database.ts';

/** What each purpose keeps in `payload` beside its subject (see db/schema/tokens.ts). */
export interface TokenPayloads {
  /** Subject: the staff member's email, lower-cased. */
  'staff-sign-in': null;
  /** Subject: the client's id. `redirectPath`: the portal page the link lands on. */
  'client-sign-in': { redirectPath: string };
  /** Subject: the client's id. */
  'password-reset': null;
  /**
   * Subject: the invited member's id. `redirectPath`: the portal page the person lands on once
   * set up (a proposal sent to a lead, docs/product.md#proposals); null for the portal's home.
   */
  'client-invitation': { redirectPath: string } | null;
  /** Subject: `{kind}:{userId}`. How the first factor was passed, and where the sign-in goes after. */
  'second-factor': { method: string; redirectPath: string | null };
  /** Subject: `{kind}:{userId}`, the account adding a passkey. */
  'passkey-register': null;
  /** Subject: the account kind (`client` or `staff`): the passkey says whose it is. */
  'passkey-sign-in': null;
  /** Subject: the invited email, lower-cased. The role given and who invited (their username). */
  'staff-invitation': { role: StaffRole; invitedBy: string };
  /** Subject: the data export's id. */
  'data-export': null;
  /** Subject: the chat conversation's id. `email`: the address being confirmed, lower-cased. */
  'chat-email': { email: string };
}

/** A stored token (never the token itself): its row with the purpose's payload. */
export interface TokenRow<P extends SingleUsePurpose = SingleUsePurpose> {
  id: string;
  purpose: P;
  subject: string;
  expiresAt: Date;
  usedAt: Date | null;
  payload: TokenPayloads[P];
  createdAt: Date;
}

/** The subject of a token about an account: `client:{id}` or `staff:{id}`. */
export const accountSubject = (kind: AccountKind, userId: string) => `${kind}:${userId}`;

/** The account of an `accountSubject`, or null when `subject` is not one of `kind`. */
export function accountOf(subject: string, kind: AccountKind): string | null {
  return subject.startsWith(`${kind}:`) ? subject.slice(kind.length + 1) : null;
}

/** Bytes of randomness in a token: 32 (256 bits). */
const TOKEN_BYTES = 32;

/** A new token: 32 random bytes in base64url (43 characters). Not stored until issued. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The SHA-256 of `token`'s UTF-8 bytes, lower-case hex: all that is stored of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Passkey challenges made before this store were kept as they are, not hashed, and SQLite has no
 * SHA-256 for the migration to hash them with: the migration carried them as `plain:{challenge}`
 * (db/migrations/0018_single_use_tokens.sql). Only these purposes also look for that form; such
 * rows last 5 minutes, so none outlives the deploy that made them.
 */
const CARRIED_PLAIN: readonly SingleUsePurpose[] = ['passkey-register', 'passkey-sign-in'];

/** The `token_hash` values `token` may be stored under for `purposes`. */
function storedForms(purposes: readonly SingleUsePurpose[], token: string): string[] {
  const carried = purposes.some((p) => CARRIED_PLAIN.includes(p));
  return carried ? [hashToken(token), `plain:${token}`] : [hashToken(token)];
}

/** Unused client invitations outlive their expiry (docs/product.md#invitations); nothing else does. */
export const KEPT_UNUSED_AFTER_EXPIRY: SingleUsePurpose = 'client-invitation';

const listOf = <P extends SingleUsePurpose>(purposes: P | readonly P[]): readonly P[] =>
  typeof purposes === 'string' ? [purposes] : purposes;

/** A row as its purpose's TokenRow: the payload is what that purpose stored (see TokenPayloads). */
export const asRow = <P extends SingleUsePurpose>(row: typeof singleUseTokens.$inferSelect) =>
  row as unknown as TokenRow<P>;

/**
 * Stores a token of `purpose` for `subject`, working `ttlMs` milliseconds from `options.now`
 * (default now), with `payload`; returns the raw token (`options.token`, made earlier with
 * `newToken()`, or a new one). `db` may be the caller's transaction.
 */
export async function issueToken<P extends SingleUsePurpose>(
  db: Writer,
  purpose: P,
  subject: string,
  ttlMs: number,
  payload: TokenPayloads[P],
  options: { now?: Date; token?: string } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const token = options.token ?? newToken();
  await writeIn(db, (tx) =>
    tx.insert(singleUseTokens).values({
      purpose,
      subject,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + ttlMs),
      payload,
      createdAt: now,
    }),
  );
  return token;
}

/**
 * Spends `token` of `purpose` at `now`, in one conditional UPDATE: its row (now used) when it
 * was unused and unexpired, else null (unknown, of another purpose, used, expired, or spent a
 * moment ago by another request or server). `db` may be the caller's transaction.
 */
export async function spendToken<P extends SingleUsePurpose>(
  db: Writer,
  purpose: P,
  token: string,
  now = new Date(),
): Promise<TokenRow<P> | null> {
  const [row] = await writeIn(db, (tx) =>
    tx
      .update(singleUseTokens)
      .set({ usedAt: now })
      .where(
        and(
          inArray(singleUseTokens.tokenHash, storedForms([purpose], token)),
          eq(singleUseTokens.purpose, purpose),
          isNull(singleUseTokens.usedAt),
          gt(singleUseTokens.expiresAt, now),
        ),
      )
      .returning(),
  );
  return row ? asRow<P>(row) : null;
}

/**
 * The row of `token` if it is of one of `purposes`, whatever its state (used or expired too), for
 * flows that say which it is; undefined otherwise. Spends nothing. `db` is `db.read` or a
 * transaction (to see its own writes).
 */
export async function findToken<P extends SingleUsePurpose>(
  db: SqlDb,
  purposes: P | readonly P[],
  token: string,
): Promise<TokenRow<P> | undefined> {
  const list = listOf(purposes);
  const [row] = await db
    .select()
    .from(singleUseTokens)
    .where(and(inArray(singleUseTokens.tokenHash, storedForms(list, token)), inArray(singleUseTokens.purpose, list)))
    .limit(1);
  return row ? asRow<P>(row) : undefined;
}

/** Whether a token's row is still open at `now`: unused and before its expiry. */
export const isOpen = (row: Pick<TokenRow, 'usedAt' | 'expiresAt'>, now: Date) =>
  row.usedAt === null && row.expiresAt.getTime() > now.getTime();

/**
 * The row of `token` of `purposes` when it is open at `now` (it would spend), else null; spends
 * nothing. Inside a write, the caller spends it afterwards with `spendToken` or `spendTokensOf`.
 */
export async function peekToken<P extends SingleUsePurpose>(
  db: SqlDb,
  purposes: P | readonly P[],
  token: string,
  now = new Date(),
): Promise<TokenRow<P> | null> {
  const row = await findToken(db, purposes, token);
  return row && isOpen(row, now) ? row : null;
}
