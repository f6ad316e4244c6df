/**
 * Random tokens and their hashes, as the Lucia sessions guide teaches: 120-bit random strings in
 * lower-case base32, SHA-256 of secrets for storage, constant-time comparison.
 * Source: lucia-auth.com "Basic session implementation"; @oslojs/crypto, @oslojs/encoding.
 */
import { sha256 } from '@oslojs/crypto/sha2';
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
  return sha256(new TextEncoder().encode(secret));
}

/** SHA-256 of a UTF-8 string, as lower-case hex (for indexed look-ups). */
export function hashSecretHex(secret: string): string {
  return encodeHexLowerCase(hashSecret(secret));
}

/** Compares two byte arrays in time independent of where they differ. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && constantTimeEqual(a, b);
}
