/**
 * One-click unsubscribe for clients (docs/product.md#settings-screen, RFC 8058).
 *
 * A link carries a JWT (HS256, made and checked with `jose`): `sub` is the client's id, `aud`
 * is the purpose `unsubscribe`, and it expires after 180 days. The HMAC key is the `unsubscribe`
 * row of `signing_keys` (services/signing-keys.ts). A token that was signed with another key, has
 * expired, was made for another purpose or names no client raises InvalidTokenError.
 *
 * `unsubscribeLinks` gives the mail worker both addresses: the page a person opens
 * (`/unsubscribe?token=…`, where a GET changes nothing) and the URL of the `List-Unsubscribe`
 * header (`/api/unsubscribe?token=…`), which mail providers POST to.
 */
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import { clientMembers } from '../../../../db/schema/index.ts';
import { primaryOwner } from '../clients/members.ts';
import { InvalidTokenError } from '../../errors.ts';
import type { Database } from '../../db/database.ts';
import { signingKey } from '../signing-keys.ts';

/** The token's audience: what it may be used for. */
const PURPOSE = 'unsubscribe';
/** How long a link works: 180 days, in seconds. */
const TOKEN_TTL_SECONDS = 180 * 24 * 60 * 60;
const INVALID_LINK = 'This unsubscribe link is not valid or has expired. Sign in and turn emails off in your settings.';

const invalid = (reason: InvalidTokenError['reason']) =>
  new InvalidTokenError('invalid_unsubscribe_link', INVALID_LINK, reason);

/**
 * A signed token that lets whoever holds it turn off client member `memberId`'s project emails,
 * for 180 days from `now` (docs/product.md#client-teams: each person has their own link).
 */
export async function createUnsubscribeToken(db: Database, memberId: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(memberId)
    .setAudience(PURPOSE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
    .sign(await signingKey(db, PURPOSE));
}

/**
 * The client id a token was made for. InvalidTokenError when it was signed with another key or
 * altered (`forged`), is past its expiry (`expired`) or was made for another purpose
 * (`wrong_purpose`).
 */
export async function verifyUnsubscribeToken(db: Database, token: string, now = new Date()): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(db, PURPOSE), {
      algorithms: ['HS256'],
      audience: PURPOSE,
      requiredClaims: ['sub', 'exp'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || payload.sub === '') throw invalid('forged');
    return payload.sub;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw invalid('expired');
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') throw invalid('wrong_purpose');
    if (error instanceof errors.JOSEError) throw invalid('forged');
    throw error;
  }
}

/**
 * The member a token's subject names: a member's id, or (a link emailed before clients had
 * members, docs/decisions/0041-client-members.md) a client's id, which names its primary owner.
 */
async function subjectMember(db: Database, subject: string): Promise<string | undefined> {
  const [member] = await db.read
    .select({ id: clientMembers.id })
    .from(clientMembers)
    .where(eq(clientMembers.id, subject));
  return member?.id ?? (await primaryOwner(db.read, subject))?.id;
}

/** Checks a link without changing anything (what the /unsubscribe page asks before it offers the button). */
export async function checkUnsubscribeToken(db: Database, token: string): Promise<void> {
  if (!(await subjectMember(db, await verifyUnsubscribeToken(db, token)))) throw invalid('unknown_subject');
}

/** Turns off the project emails of the token's member. Doing it twice changes nothing more. */
export async function unsubscribeWithToken(db: Database, token: string): Promise<void> {
  const memberId = await subjectMember(db, await verifyUnsubscribeToken(db, token));
  if (!memberId) throw invalid('unknown_subject');
  const updated = await db.write((tx) =>
    tx
      .update(clientMembers)
      .set({ emailNotifications: false, updatedAt: new Date() })
      .where(eq(clientMembers.id, memberId))
      .returning({ id: clientMembers.id }),
  );
  if (updated.length === 0) throw invalid('unknown_subject');
}

/**
 * The two unsubscribe addresses of member `memberId`'s emails, absolute under `siteUrl` (SITE_URL):
 * `pageUrl` for the link in the text, `postUrl` for the `List-Unsubscribe` header (sent with
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
 */
export async function unsubscribeLinks(
  db: Database,
  siteUrl: string,
  memberId: string,
): Promise<{ pageUrl: string; postUrl: string }> {
  const token = encodeURIComponent(await createUnsubscribeToken(db, memberId));
  return {
    pageUrl: new URL(`/unsubscribe?token=${token}`, siteUrl).href,
    postUrl: new URL(`/api/unsubscribe?token=${token}`, siteUrl).href,
  };
}
