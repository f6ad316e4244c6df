/**
 * Secrets the server makes for itself (the `signing_keys` table, docs/product.md#settings-screen):
 * a random 32-byte key per name, created on first use. The first process to ask inserts one
 * (insert-or-ignore) and every process then reads back the row that won, so several instances
 * over one database sign and verify with the same key.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signingKeys } from '../../../db/schema/index.ts';
import type { Database } from '../db/database.ts';

/** Bytes of a new key: 32, the size of an HMAC-SHA-256 block's output. */
const KEY_BYTES = 32;

/** Keys already read, per database and name; a key never changes once stored. */
const cache = new WeakMap<Database, Map<string, Promise<Uint8Array>>>();

async function loadKey(db: Database, name: string): Promise<Uint8Array> {
  await db.write((tx) =>
    tx
      .insert(signingKeys)
      .values({ name, key: randomBytes(KEY_BYTES) })
      .onConflictDoNothing(),
  );
  const [row] = await db.read.select({ key: signingKeys.key }).from(signingKeys).where(eq(signingKeys.name, name));
  if (!row) throw new Error(`Signing key ${name} could not be stored`);
  return new Uint8Array(row.key);
}

/** The key called `name`, made and stored on first use. */
export function signingKey(db: Database, name: string): Promise<Uint8Array> {
  let keys = cache.get(db);
  if (!keys) cache.set(db, (keys = new Map()));
  let key = keys.get(name);
  if (!key) {
    key = loadKey(db, name);
    // A failed read is not remembered: the next call tries again.
    key.catch(() => keys.delete(name));
    keys.set(name, key);
  }
  return key;
}
