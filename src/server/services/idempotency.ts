/**
 * Stored first answers of requests sent with an `Idempotency-Key` header (IETF httpapi draft
 * "The Idempotency-Key HTTP Header Field"; docs/product.md#contact-form).
 *
 * A route that creates something claims the key in the same transaction as what it creates
 * (`claimIdempotencyKey`), so either both are stored or neither is; a repeat finds the first
 * answer with `findIdempotentAnswer`. A key is kept IDEMPOTENCY_KEY_TTL_MS (24 hours): after that
 * it is treated as unused and the hourly sweep deletes it (`deleteExpiredIdempotencyKeys`).
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../../db/schema/index.ts';
import type { Database, SqlDb } from '../db/database.ts';

/** How long a key and its answer are kept, in milliseconds: 24 hours. */
const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Which request a key belongs to: the route and a hash of its body. */
export interface IdempotentRequest {
  /** The route, e.g. `POST /api/contact`; the same key on two routes is two keys. */
  scope: string;
  /** The client's Idempotency-Key value. */
  key: string;
  /** SHA-256 (hex) of the request's body. */
  fingerprint: string;
}

/** The first answer given to a key: its status and JSON body. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** What a key holds: nothing yet; the first answer to the same body; or another body's. */
export type StoredAnswer = { kind: 'none' } | { kind: 'replay'; answer: IdempotentAnswer } | { kind: 'other-request' };

/**
 * Raised inside a transaction when its Idempotency-Key was claimed by another request first;
 * the transaction rolls back, and the route answers with the stored answer instead.
 */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('The Idempotency-Key was claimed by another request');
    this.name = 'IdempotencyKeyTaken';
  }
}

const storedKey = (request: IdempotentRequest) => `${request.scope}:${request.key}`;

/** The stored answer for `request`'s key, if the key was used within the last 24 hours. */
export async function findIdempotentAnswer(
  db: Database,
  request: IdempotentRequest,
  now = new Date(),
): Promise<StoredAnswer> {
  const [row] = await db.read
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.key, storedKey(request)),
        gt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)),
      ),
    );
  if (!row) return { kind: 'none' };
  if (row.fingerprint !== request.fingerprint) return { kind: 'other-request' };
  return { kind: 'replay', answer: { status: row.status, body: row.body } };
}

/**
 * Stores `answer` as the first answer to `request`'s key, in the caller's transaction `tx`.
 * Returns false, writing nothing, when the key already holds an answer of the last 24 hours
 * (another request with this key got there first); an older one is replaced.
 */
export async function claimIdempotencyKey(
  tx: SqlDb,
  request: IdempotentRequest,
  answer: IdempotentAnswer,
  now = new Date(),
): Promise<boolean> {
  const values = {
    key: storedKey(request),
    scope: request.scope,
    fingerprint: request.fingerprint,
    status: answer.status,
    body: answer.body,
    createdAt: now,
  };
  const claimed = await tx
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: idempotencyKeys.key,
      set: values,
      setWhere: sql`${idempotencyKeys.createdAt} <= ${now.getTime() - IDEMPOTENCY_KEY_TTL_MS}`,
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** Deletes the keys older than 24 hours at `now`; returns how many went. */
export async function deleteExpiredIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const deleted = await db.write((tx) =>
    tx
      .delete(idempotencyKeys)
      .where(lte(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
      .returning({ key: idempotencyKeys.key }),
  );
  return deleted.length;
}
