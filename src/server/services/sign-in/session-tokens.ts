/**
 * The parts of a session that do not depend on who owns it (the Lucia guide's scheme;
 * docs/product.md#sessions): a token is `<id>.<secret>`, 120 random bits each; only
 * SHA-256(secret) is stored; a session lasts 30 days and is renewed to 30 days when used in its
 * second half.
 */
import { hashSecret, randomToken, sameBytes } from './tokens.ts';

/** Session lifetime in milliseconds: 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new session's id, the token to hand out once, and what to store. */
export function newSessionToken(now = new Date()) {
  const id = randomToken();
  const secret = randomToken();
  return {
    id,
    token: `${id}.${secret}`,
    secretHash: Buffer.from(hashSecret(secret)),
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  };
}

/** Splits a token into id and secret; null when it is not of that shape. */
export function parseSessionToken(token: string): { id: string; secret: string } | null {
  const [id, secret, ...rest] = token.split('.');
  if (!id || !secret || rest.length > 0 || id.length > 64 || secret.length > 64) return null;
  return { id, secret };
}

/** True when `secret` hashes to the stored hash (constant-time comparison). */
export function secretMatches(storedHash: Uint8Array, secret: string): boolean {
  return sameBytes(new Uint8Array(storedHash), hashSecret(secret));
}

/** The new expiry when the session is in its second half, else null. */
export function renewedExpiry(expiresAt: Date, now = new Date()): Date | null {
  return expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2 ? new Date(now.getTime() + SESSION_TTL_MS) : null;
}
