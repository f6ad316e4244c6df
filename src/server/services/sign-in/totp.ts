/**
 * Two-step verification with an authenticator app (docs/product.md#sign-in-security;
 * docs/decisions/0031-sign-in-methods.md), for clients (optional) and staff (required when
 * STAFF_REQUIRE_2FA is on): RFC 6238 codes of 6 digits every 30 seconds (otpauth), and ten
 * single-use recovery codes kept as SHA-256.
 *
 * Rules, after the Copenhagen Book's "Two-factor authentication" page: a code is accepted for
 * its own 30-second step and one step either side (clocks drift), never for a step already used;
 * five wrong codes in a row lock the checks for 30 seconds, doubling with each further failure
 * up to 15 minutes. The failures are stored even though the sign-in fails, so guessing from
 * several places at once is slowed the same.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { recoveryCodes, totpCredentials, type AccountKind } from '../../../../db/schema/index.ts';
import { hashSecretHex, randomToken } from './tokens.ts';
import { AppError } from '../../errors.ts';
import { writeIn, type Database, type SqlDb, type Writer } from '../../db/database.ts';

/** The issuer shown in authenticator apps. */
const ISSUER = 'First State Web Studio';
/** Length of a TOTP step, in seconds (RFC 6238's default). */
const PERIOD_S = 30;
/** Wrong codes in a row before checks are locked. */
const FREE_FAILURES = 5;
/** The first lock, in milliseconds, doubled with each further failure, up to MAX_LOCK_MS. */
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
/** How many recovery codes are made at a time. */
const RECOVERY_CODES = 10;

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_S });

const credentialOf = (db: SqlDb, kind: AccountKind, userId: string) =>
  db
    .select()
    .from(totpCredentials)
    .where(and(eq(totpCredentials.kind, kind), eq(totpCredentials.userId, userId)))
    .then((rows) => rows[0]);

/** Whether the account has two-step verification on (a confirmed secret). */
export async function totpEnabled(db: SqlDb, kind: AccountKind, userId: string): Promise<boolean> {
  return Boolean((await credentialOf(db, kind, userId))?.confirmedAt);
}

/** `{enabled, recoveryCodesLeft}` for the settings screen. */
export async function totpStatus(db: Database, kind: AccountKind, userId: string) {
  const credential = await credentialOf(db.read, kind, userId);
  const codes = await db.read
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.kind, kind), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: Boolean(credential?.confirmedAt), recoveryCodesLeft: credential?.confirmedAt ? codes.length : 0 };
}

/**
 * Starts set-up: a new secret (replacing one not confirmed yet), its `otpauth://` URI and the URI
 * as an SVG QR code. AppError 409 `totp_already_on` when two-step verification is already on.
 */
export async function startTotpSetup(db: Database, kind: AccountKind, userId: string, label: string) {
  const secret = new Secret({ size: 20 }).base32;
  await db.write(async (tx) => {
    const current = await credentialOf(tx, kind, userId);
    if (current?.confirmedAt) {
      throw new AppError(409, 'totp_already_on', 'Two-step verification is already on.');
    }
    await tx
      .insert(totpCredentials)
      .values({ kind, userId, secret, createdAt: new Date() })
      .onConflictDoUpdate({
        target: [totpCredentials.kind, totpCredentials.userId],
        set: { secret, confirmedAt: null, lastUsedStep: null, failures: 0, lockedUntil: null },
      });
  });
  const uri = totpFor(secret, label).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/** A new recovery code: 10 base32 characters shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const raw = randomToken().slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

const normalizeRecoveryCode = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z2-7]/g, '');

/** Replaces the account's recovery codes with ten new ones, in `db`'s transaction; returns them. */
async function replaceRecoveryCodes(db: Writer, kind: AccountKind, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await writeIn(db, async (tx) => {
    await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.kind, kind), eq(recoveryCodes.userId, userId)));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ kind, userId, codeHash: hashSecretHex(normalizeRecoveryCode(code)) })));
  });
  return codes;
}

/** What checking a second factor found. */
export type FactorCheck =
  { ok: true; used: 'code' | 'recovery-code' } | { ok: false; reason: 'wrong' | 'locked'; retryAfterS?: number };

/**
 * Checks a code or a recovery code for the account inside the write `tx`, recording the step used
 * or the failure (with its lock). Never throws for a wrong code: the caller commits, then refuses.
 */
export async function checkSecondFactor(
  tx: SqlDb,
  kind: AccountKind,
  userId: string,
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
  now: Date,
  { pending = false } = {},
): Promise<FactorCheck> {
  const credential = await credentialOf(tx, kind, userId);
  if (!credential || Boolean(credential.confirmedAt) === pending) return { ok: false, reason: 'wrong' };
  if (credential.lockedUntil && credential.lockedUntil.getTime() > now.getTime()) {
    return {
      ok: false,
      reason: 'locked',
      retryAfterS: Math.ceil((credential.lockedUntil.getTime() - now.getTime()) / 1000),
    };
  }
  const where = and(eq(totpCredentials.kind, kind), eq(totpCredentials.userId, userId));
  if (proof.code) {
    const delta = totpFor(credential.secret).validate({
      token: proof.code.replace(/\s/g, ''),
      timestamp: now.getTime(),
      window: 1,
    });
    const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + (delta ?? 0);
    if (delta !== null && (credential.lastUsedStep === null || step > credential.lastUsedStep)) {
      await tx.update(totpCredentials).set({ lastUsedStep: step, failures: 0, lockedUntil: null }).where(where);
      return { ok: true, used: 'code' };
    }
  } else if (proof.recoveryCode && !pending) {
    const [spent] = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.kind, kind),
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashSecretHex(normalizeRecoveryCode(proof.recoveryCode))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (spent) {
      await tx.update(totpCredentials).set({ failures: 0, lockedUntil: null }).where(where);
      return { ok: true, used: 'recovery-code' };
    }
  }
  const failures = credential.failures + 1;
  const lockMs = failures >= FREE_FAILURES ? Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS) : 0;
  await tx
    .update(totpCredentials)
    .set({ failures, lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null })
    .where(where);
  return { ok: false, reason: 'wrong' };
}

/** The refusal for a failed check: 429 with Retry-After while locked, else 400 `invalid_code`. */
export function factorRefusal(check: Extract<FactorCheck, { ok: false }>): AppError {
  if (check.reason === 'locked') {
    return new AppError(429, 'too_many_codes', 'Too many wrong codes. Please wait a moment and try again.', undefined, {
      'Retry-After': String(check.retryAfterS ?? 30),
    });
  }
  return new AppError(400, 'invalid_code', 'That code is not right. Check the app and try again.', {
    code: 'That code is not right. Check the app and try again.',
  });
}

/**
 * Confirms set-up with a first code from the app: two-step verification is on from then, and ten
 * recovery codes are made (shown once). Refusals as `factorRefusal`; AppError 409 when there is
 * no set-up waiting. `then` runs in the same write (ending other sessions, the security email).
 */
export async function confirmTotp(
  db: Database,
  kind: AccountKind,
  userId: string,
  code: string,
  now: Date,
  then: (tx: SqlDb) => Promise<void>,
): Promise<string[]> {
  const result = await db.write(async (tx) => {
    const credential = await credentialOf(tx, kind, userId);
    if (!credential) return { error: new AppError(409, 'totp_not_started', 'Start the set-up again.') };
    if (credential.confirmedAt)
      return { error: new AppError(409, 'totp_already_on', 'Two-step verification is already on.') };
    const check = await checkSecondFactor(tx, kind, userId, { code }, now, { pending: true });
    if (!check.ok) return { error: factorRefusal(check) };
    await tx
      .update(totpCredentials)
      .set({ confirmedAt: now })
      .where(and(eq(totpCredentials.kind, kind), eq(totpCredentials.userId, userId)));
    const codes = await replaceRecoveryCodes(tx, kind, userId);
    await then(tx);
    return { codes };
  });
  if ('error' in result) throw result.error;
  return result.codes;
}

/**
 * New recovery codes for an account with two-step verification on, after a current code (the old
 * ones stop working). Refusals as `factorRefusal`; 409 when it is off.
 */
export async function regenerateRecoveryCodes(
  db: Database,
  kind: AccountKind,
  userId: string,
  code: string,
  now: Date,
) {
  const result = await db.write(async (tx) => {
    if (!(await totpEnabled(tx, kind, userId))) {
      return { error: new AppError(409, 'totp_off', 'Two-step verification is off.') };
    }
    const check = await checkSecondFactor(tx, kind, userId, { code }, now);
    if (!check.ok) return { error: factorRefusal(check) };
    return { codes: await replaceRecoveryCodes(tx, kind, userId) };
  });
  if ('error' in result) throw result.error;
  return result.codes;
}
