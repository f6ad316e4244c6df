/**
 * An account's passkeys as its settings show them (docs/product.md#sign-in-security): the list,
 * renaming, removing. The ceremonies themselves are in passkeys.ts.
 */
import { and, eq } from 'drizzle-orm';
import { passkeys, type AccountKind } from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { Database, SqlDb } from '../../db/database.ts';

const ofAccount = (kind: AccountKind, userId: string) => and(eq(passkeys.kind, kind), eq(passkeys.userId, userId));

/** The account's passkeys for its settings: `{id, name, createdAt, lastUsedAt, backedUp}`. */
export async function listPasskeys(db: Database, kind: AccountKind, userId: string) {
  const rows = await db.read.select().from(passkeys).where(ofAccount(kind, userId));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    backedUp: p.backedUp,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Renames passkey `id` of the account. NotFoundError('Passkey') when it is not theirs. */
export async function renamePasskey(db: Database, kind: AccountKind, userId: string, id: string, name: string) {
  const [row] = await db.write((tx) =>
    tx
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), ofAccount(kind, userId)))
      .returning({ id: passkeys.id, name: passkeys.name }),
  );
  if (!row) throw new NotFoundError('Passkey');
  return row;
}

/** Removes passkey `id` of the account; `then` runs in the same write. NotFoundError('Passkey') otherwise. */
export async function removePasskey(
  db: Database,
  kind: AccountKind,
  userId: string,
  id: string,
  then: (tx: SqlDb) => Promise<void>,
) {
  await db.write(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), ofAccount(kind, userId)))
      .returning({ id: passkeys.id });
    if (!row) throw new NotFoundError('Passkey');
    await then(tx);
  });
}
