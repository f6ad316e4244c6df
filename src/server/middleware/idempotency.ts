/**
 * The `Idempotency-Key` request header (IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field"; docs/product.md#contact-form) on a route that creates something.
 *
 * Put `idempotencyKey(scope)` after the body's validator and before the rate limit (a repeat
 * spends no point). Without the header the request goes on as before. With it:
 *
 * - a value that is not 1–255 printable ASCII characters (a quoted structured-field string is
 *   unquoted first) answers 400 `invalid_idempotency_key`;
 * - a key already answered within 24 hours, with the same body, answers that first answer again
 *   (same status and body) with `Idempotent-Replayed: true`, and the route does not run;
 * - the same key with another body answers 422 `idempotency_key_reused`;
 * - else the route runs with `c.var.idempotency` set, and stores its answer with the key in the
 *   transaction that creates the record (services/idempotency.ts). When a concurrent request with
 *   the key committed first, the route's service raises IdempotencyKeyTaken and nothing is stored;
 *   this middleware then answers the winner's answer (or 422 for another body), and 409
 *   `idempotency_key_in_use` while that answer cannot be read yet.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiBindings } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, errorBody } from '../errors.ts';
import {
  findIdempotentAnswer,
  IdempotencyKeyTaken,
  type IdempotentAnswer,
  type IdempotentRequest,
} from '../services/idempotency.ts';

/** Longest key accepted, in characters. */
const MAX_KEY_LENGTH = 255;

const INVALID_KEY_MESSAGE = 'The Idempotency-Key header must be 1 to 255 printable ASCII characters';
const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request body';
export const KEY_IN_USE_MESSAGE = 'A request with this Idempotency-Key is being processed';

export interface IdempotencyEnv {
  Bindings: ApiBindings;
  Variables: { deps: AppDeps; idempotency: IdempotentRequest | undefined };
}

/** The key in a header value, or null when it is not 1–255 printable ASCII characters. */
function parseIdempotencyKey(value: string): string | null {
  let key = value.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    key = key.slice(1, -1).replace(/\\(["\\])/g, '$1');
  }
  return key.length <= MAX_KEY_LENGTH && /^[\x20-\x7e]+$/.test(key) ? key : null;
}

/** JSON with object keys sorted at every depth, so that key order does not change a fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function replayed(c: Context, answer: IdempotentAnswer): Response {
  return c.json(answer.body as object, answer.status as ContentfulStatusCode, { 'Idempotent-Replayed': 'true' });
}

function reused(): never {
  throw new AppError(422, 'idempotency_key_reused', KEY_REUSED_MESSAGE);
}

/** Middleware for a route identified by `scope` (e.g. `POST /api/contact`); see above. */
export function idempotencyKey(scope: string): MiddlewareHandler<IdempotencyEnv> {
  return async (c, next) => {
    const header = c.req.header('idempotency-key');
    if (header === undefined) return next();
    const key = parseIdempotencyKey(header);
    if (key === null) throw new AppError(400, 'invalid_idempotency_key', INVALID_KEY_MESSAGE);
    const fingerprint = createHash('sha256')
      .update(canonicalJson(await c.req.json<unknown>()))
      .digest('hex');
    const request: IdempotentRequest = { scope, key, fingerprint };
    const { db } = c.var.deps;

    const stored = await findIdempotentAnswer(db, request);
    if (stored.kind === 'replay') return replayed(c, stored.answer);
    if (stored.kind === 'other-request') reused();

    c.set('idempotency', request);
    await next();
    if (!(c.error instanceof IdempotencyKeyTaken)) return;
    // A concurrent request with this key committed first: answer as it was answered.
    const winner = await findIdempotentAnswer(db, request);
    if (winner.kind === 'none') return; // onError's 409: the first answer cannot be read yet.
    c.res = undefined;
    c.res =
      winner.kind === 'replay'
        ? replayed(c, winner.answer)
        : c.json(errorBody('idempotency_key_reused', KEY_REUSED_MESSAGE), 422);
  };
}
