/**
 * Errors the API turns into answers, in one place (`app.onError` in app.ts), with the one error
 * body `{ error: { code, message, fields? } }` (docs/product.md#errors).
 *
 * - `AppError`: an HTTP-level refusal raised by the HTTP layer (401, 413, 415, 429...).
 * - Domain errors, raised by services, which know nothing of HTTP: `NotFoundError` (404),
 *   `ConflictError` (409), `InvalidFieldError` (422 naming one field), `InvalidTokenError` (400,
 *   a signed link that is forged, expired or made for another use).
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export { errorBody } from '../shared/api-error.ts';

/** What a person reads when the server failed unexpectedly (500 `internal_error`). */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** An expected failure with an HTTP status, a stable code and a human message. */
export class AppError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(status, { message });
  }
}

/** A record that does not exist (or that the caller may not see, which looks the same). */
export class NotFoundError extends Error {
  /** `what` names the record: 'Project' gives the message 'Project not found'. */
  constructor(what: string) {
    super(`${what} not found`);
  }
}

/** A write that would break a uniqueness rule; `field` names the field at fault. */
export class ConflictError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Input that passed the schema but breaks a rule that needs the database; `field` is at fault. */
export class InvalidFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Why a signed token was refused: made with another key, past its expiry, or for another use. */
type TokenFault = 'forged' | 'expired' | 'wrong_purpose' | 'unknown_subject';

/**
 * A signed token (an unsubscribe link's) that cannot be used: `reason` says why, for logs and
 * tests; the person only reads `message` (400 with `code`).
 */
export class InvalidTokenError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly reason: TokenFault,
  ) {
    super(message);
  }
}
