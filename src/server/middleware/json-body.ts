/**
 * Request bodies the API reads (docs/product.md#limits, docs/product.md#api): at most 64 KB (413
 * past that), JSON only (415 for a POST, PUT or PATCH with a body of another type), and UTF-8 only
 * (400 `bad_request` for a body holding bytes that are not UTF-8, RFC 8259 section 8.1).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors.ts';

/** Largest request body the API reads, in bytes: 64 KB. */
const MAX_BODY_BYTES = 64 * 1024;

/** What a caller reads when the body is not UTF-8 (docs/product.md#errors). */
const NOT_UTF8_MESSAGE = 'The request body is not valid UTF-8 text';

const bodyAtMost64KB: MiddlewareHandler = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new AppError(413, 'payload_too_large', 'The request body is larger than 64 KB');
  },
});

/** Largest proposal or template body staff send, in bytes: 1 MB (docs/product.md#limits). */
const MAX_PROPOSAL_BODY_BYTES = 1024 * 1024;

/**
 * 413 past 1 MB, for the proposals staff write (routes/admin/proposals.ts): a long proposal is
 * read whole, so one with too many lines is told the line limit by its validation.
 */
export const limitProposalBodySize: MiddlewareHandler = bodyLimit({
  maxSize: MAX_PROPOSAL_BODY_BYTES,
  onError: () => {
    throw new AppError(413, 'payload_too_large', 'The request body is larger than 1 MB');
  },
});

/**
 * 413 past 64 KB. GET and HEAD carry no body the API reads, and looking for one would build the
 * full fetch `Request` of every read (the costliest step of a small answer under load).
 */
export const limitBodySize: MiddlewareHandler = (c, next) =>
  c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : bodyAtMost64KB(c, next);

function hasBody(request: Request): boolean {
  return request.body !== null && request.headers.get('content-length') !== '0';
}

/** Refuses bytes that are not UTF-8 (a lone `ff`, a cut sequence), where a lenient decoder would put U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * 415 for a POST, PUT or PATCH whose body is not `application/json` (or `+json`); 400 when that
 * body is not UTF-8. The body is read once here and kept by Hono (`c.req.arrayBuffer()` caches it),
 * so the route's validator reads the same bytes. Other methods pass untouched, their body unread.
 */
export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  if (['POST', 'PUT', 'PATCH'].includes(c.req.method) && hasBody(c.req.raw)) {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!/^application\/([\w.-]+\+)?json$/.test(type)) {
      throw new AppError(415, 'unsupported_media_type', 'Send the body as application/json');
    }
    const bytes = await c.req.arrayBuffer();
    try {
      strictUtf8.decode(bytes);
    } catch {
      throw new AppError(400, 'bad_request', NOT_UTF8_MESSAGE);
    }
  }
  await next();
};
