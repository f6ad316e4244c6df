/**
 * Passkeys (docs/product.md#sign-in-security; docs/decisions/0031-sign-in-methods.md), for clients
 * and staff, with @simplewebauthn/server: discoverable credentials (the passkey says whose it is,
 * so sign-in needs no email first), user verification preferred, no attestation.
 *
 * Every ceremony's challenge is made on the server, stored with its kind, purpose and account,
 * works once (it is deleted when a response names it) and for 5 minutes. The relying party is the
 * site itself: origin and RP ID come from SITE_URL. A verification that fails for any reason (a
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
import { passkeys, webauthnChallenges, type AccountKind } from '../../../../db/schema/index.ts';
import { company } from '../../../shared/company.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../log.ts';
import type { Database, SqlDb } from '../../db/database.ts';

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

async function storeChallenge(db: Database, row: typeof webauthnChallenges.$inferInsert) {
  await db.write((tx) => tx.insert(webauthnChallenges).values(row));
}

/**
 * Spends challenge `challenge` if it is of `kind` and `purpose`, unexpired (and, for a
 * registration, of `userId`). Returns whether it was good; a spent one is gone either way.
 */
async function spendChallenge(
  db: Database,
  challenge: string,
  expect: { kind: AccountKind; purpose: 'register' | 'authenticate'; userId?: string },
): Promise<boolean> {
  const [row] = await db.write((tx) =>
    tx.delete(webauthnChallenges).where(eq(webauthnChallenges.challenge, challenge)).returning(),
  );
  return Boolean(
    row &&
    row.kind === expect.kind &&
    row.purpose === expect.purpose &&
    row.expiresAt.getTime() > Date.now() &&
    (expect.userId === undefined || row.userId === expect.userId),
  );
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
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    kind,
    purpose: 'register',
    userId: user.id,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
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
      expectedChallenge: (challenge) => spendChallenge(db, challenge, { kind, purpose: 'register', userId }),
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
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(siteUrl).rpID,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    kind,
    purpose: 'authenticate',
    userId: null,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return options;
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
      expectedChallenge: (challenge) => spendChallenge(db, challenge, { kind, purpose: 'authenticate' }),
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
