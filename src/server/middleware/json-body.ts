/**
 * Request bodies the API reads (docs/product.md#limits): at most 64 KB (413 past that), and
 * JSON only (415 for a POST, PUT or PATCH with a body of another type).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors.ts';

/** Largest request body the API reads, in bytes: 64 KB. */
const MAX_BODY_BYTES = 64 * 1024;

const bodyAtMost64KB: MiddlewareHandler = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new AppError(413, 'payload_too_large', 'The request body is larger than 64 KB');
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

export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  if (['POST', 'PUT', 'PATCH'].includes(c.req.method) && hasBody(c.req.raw)) {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!/^application\/([\w.-]+\+)?json$/.test(type)) {
      throw new AppError(415, 'unsupported_media_type', 'Send the body as application/json');
    }
  }
  await next();
};
