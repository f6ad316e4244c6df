/**
 * Random tokens and their hashes, as the Lucia sessions guide teaches: 120-bit random strings in
 * lower-case base32, SHA-256 of secrets for storage, constant-time comparison.
 * Source: lucia-auth.com "Basic session implementation"; @oslojs/crypto, @oslojs/encoding. The
 * hash is Node's native SHA-256 (node:crypto): every signed-in request hashes its token's secret,
 * and the native one costs a fraction of a pure-JavaScript digest.
 */
import { createHash } from 'node:crypto';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** A random string of 24 base32 characters (15 bytes, 120 bits of entropy). */
export function randomToken(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** SHA-256 of a UTF-8 string, as bytes. */
export function hashSecret(secret: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(secret, 'utf8').digest());
}

/** SHA-256 of a UTF-8 string, as lower-case hex (for indexed look-ups). */
export function hashSecretHex(secret: string): string {
  return encodeHexLowerCase(hashSecret(secret));
}

/** Compares two byte arrays in time independent of where they differ. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && constantTimeEqual(a, b);
}
