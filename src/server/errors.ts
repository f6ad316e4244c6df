/**
 * One error shape for the whole API (DESIGN.md section 3, conventions 4 and 5):
 * `{ error: { code, message, fields? } }` where `fields` maps a field name to its message.
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export { errorBody, type ErrorBody } from '../shared/api-error.ts';

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
