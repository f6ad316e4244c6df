/**
 * Password hashing with argon2id (@node-rs/argon2) at the OWASP Password Storage Cheat Sheet's
 * first recommended setting: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Returns the PHC string of `password` (salt included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `passwordHash`; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throw-away hash, so that an unknown email
 * answers in about the time of a wrong password.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
