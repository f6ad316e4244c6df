/**
 * Passkeys (docs/product.md#sign-in-security; docs/decisions/0031-sign-in-methods.md), for clients
 * and staff, with @simplewebauthn/server: discoverable credentials (the passkey says whose it is,
 * so sign-in needs no email first), user verification preferred, no attestation.
 *
 * Every ceremony's challenge is made on the server: a token of the single-use store
 * (services/single-use-tokens.ts), `passkey-register` for the account `{kind}:{userId}` or
 * `passkey-sign-in` for the account kind, whose 32 random bytes are the WebAuthn challenge. It
 * works once (a response naming it spends it, whatever the verdict) and for 5 minutes. The
 * relying party is the site itself: origin and RP ID come from SITE_URL. A verification that fails for any reason (a
 * wrong origin, a spent challenge, a signature counter that went backwards, as a cloned
 * authenticator's would) answers 400 `passkey_failed`, never 500.
 */
import { and, eq } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { passkeys, type AccountKind } from '../../../../db/schema/index.ts';
import { company } from '../../../shared/company.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../log.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { accountSubject, issueToken, spendToken } from '../single-use-tokens.ts';

/** How long a ceremony may take, in milliseconds: 5 minutes. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The relying party of SITE_URL: its origin and host name. */
function relyingParty(siteUrl: string) {
  const url = new URL(siteUrl);
  return { origin: url.origin, rpID: url.hostname };
}

const failed = () =>
  new AppError(400, 'passkey_failed', 'This passkey could not be verified. Please try again.', {
    passkey: 'This passkey could not be verified. Please try again.',
  });

/** A ceremony: adding a passkey to an account, or signing in with one. */
type Ceremony = 'passkey-register' | 'passkey-sign-in';

/** Whom a ceremony's challenge is for: the account registering, or only the kind signing in. */
const subjectOf = (kind: AccountKind, userId?: string) => (userId === undefined ? kind : accountSubject(kind, userId));

/**
 * Stores a new challenge of `ceremony` for `subject`, working CHALLENGE_TTL_MS; returns its bytes
 * for the options (their base64url, what the browser sends back, is the stored token).
 */
async function newChallenge(db: Database, ceremony: Ceremony, subject: string) {
  const token = await issueToken(db, ceremony, subject, CHALLENGE_TTL_MS, null);
  return Uint8Array.from(Buffer.from(token, 'base64url'));
}

/**
 * Spends challenge `challenge` of `ceremony` if unused and unexpired; returns whether it was and
 * was for `kind` (and, for a registration, `userId`). A challenge of another account is spent too.
 */
async function spendChallenge(
  db: Database,
  challenge: string,
  ceremony: Ceremony,
  expect: { kind: AccountKind; userId?: string },
): Promise<boolean> {
  const row = await spendToken(db, ceremony, challenge);
  return row?.subject === subjectOf(expect.kind, expect.userId);
}

const ofAccount = (kind: AccountKind, userId: string) => and(eq(passkeys.kind, kind), eq(passkeys.userId, userId));

/** Options to create a passkey for the signed-in account `user` (its existing ones excluded). */
export async function registrationOptions(
  db: Database,
  siteUrl: string,
  kind: AccountKind,
  user: { id: string; email: string; name: string },
) {
  const existing = await db.read.select().from(passkeys).where(ofAccount(kind, user.id));
  const options = await generateRegistrationOptions({
    rpName: company.name,
    rpID: relyingParty(siteUrl).rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: isoBase64URL.toBuffer(userHandleOf(kind, user.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransportFuture[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_TTL_MS,
    challenge: await newChallenge(db, 'passkey-register', subjectOf(kind, user.id)),
  });
  return options;
}

/**
 * Verifies a new passkey of the signed-in account and stores it, named `name`. AppError 400
 * `passkey_failed` when the response does not verify. `then` runs in the same write.
 */
export async function registerPasskey(
  db: Database,
  siteUrl: string,
  kind: AccountKind,
  userId: string,
  response: RegistrationResponseJSON,
  name: string,
  then: (tx: SqlDb) => Promise<void>,
) {
  const { origin, rpID } = relyingParty(siteUrl);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => spendChallenge(db, challenge, 'passkey-register', { kind, userId }),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    log.info({ component: 'passkeys', err: error }, 'passkey registration refused');
    throw failed();
  }
  if (!verification.verified || !verification.registrationInfo) throw failed();
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const userHandle = userHandleOf(kind, userId);
  return db.write(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        id: credential.id,
        kind,
        userId,
        userHandle,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        backedUp: credentialBackedUp,
        createdAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, 'passkey_exists', 'This passkey is already registered.');
    await then(tx);
    return {
      id: row.id,
      name: row.name,
      backedUp: row.backedUp,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: null,
    };
  });
}

/**
 * The WebAuthn user handle of an account: its kind and random id (no email or name, as the
 * WebAuthn specification asks), base64url.
 */
function userHandleOf(kind: AccountKind, userId: string): string {
  return isoBase64URL.fromUTF8String(`${kind}:${userId}`);
}

/** Options for signing in with a passkey of `kind` (any of the browser's discoverable passkeys). */
export async function authenticationOptions(db: Database, siteUrl: string, kind: AccountKind) {
  return generateAuthenticationOptions({
    rpID: relyingParty(siteUrl).rpID,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
    challenge: await newChallenge(db, 'passkey-sign-in', subjectOf(kind)),
  });
}

/**
 * Verifies a sign-in with a passkey of `kind`; returns the account's id and records the new
 * signature counter. AppError 400 `passkey_failed` for an unknown passkey or any failed check.
 */
export async function authenticateWithPasskey(
  db: Database,
  siteUrl: string,
  kind: AccountKind,
  response: AuthenticationResponseJSON,
): Promise<string> {
  const [passkey] = await db.read
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, response.id), eq(passkeys.kind, kind)));
  const { origin, rpID } = relyingParty(siteUrl);
  let verification;
  try {
    if (!passkey) throw new Error('unknown passkey');
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => spendChallenge(db, challenge, 'passkey-sign-in', { kind }),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
  } catch (error) {
    log.info({ component: 'passkeys', err: error }, 'passkey sign-in refused');
    throw failed();
  }
  if (!verification.verified || !passkey) throw failed();
  const { newCounter } = verification.authenticationInfo;
  await db.write((tx) =>
    tx.update(passkeys).set({ counter: newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, passkey.id)),
  );
  return passkey.userId;
}
