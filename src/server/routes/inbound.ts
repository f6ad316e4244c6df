/**
 * The HTTP door of email replies (docs/product.md#email-replies): an email provider's inbound
 * forwarding POSTs the raw message to `/api/inbound/email` (`Content-Type: message/rfc822`,
 * `Authorization: Bearer <INBOUND_SECRET>`, at most INBOUND_MAX_BYTES). The answer is 202
 * `{status}` once the outcome is stored (services/inbound/receive.ts): `posted`, `held`, `ignored`
 * or `duplicate`; 401 without the secret (or when none is set), 413 over the size, 415 for
 * another type. A busy database answers 503 with Retry-After, so the provider tries again.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { formatBytes } from '../../shared/bytes.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { inboundDeps } from '../services/inbound/inbound-deps.ts';
import { receiveEmail } from '../services/inbound/receive.ts';

/** Whether `given` is `Bearer <secret>`, compared in constant time (on SHA-256 digests of equal length). */
function bearerMatches(given: string | undefined, secret: string | undefined): boolean {
  if (!secret || !given?.startsWith('Bearer ')) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given.slice(7).trim()), digest(secret));
}

/** `/api/inbound`: the raw-message door. */
export function inboundRoutes(deps: AppDeps) {
  const { env } = deps;
  const pipeline = inboundDeps(deps);
  return new Hono<ApiEnv>().post(
    '/email',
    async (c, next) => {
      if (!env.INBOUND_DOMAIN || !bearerMatches(c.req.header('authorization'), env.INBOUND_SECRET)) {
        throw new AppError(401, 'unauthorized', 'Send the inbound secret as Authorization: Bearer <INBOUND_SECRET>.');
      }
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'message/rfc822') {
        throw new AppError(415, 'unsupported_media_type', 'Send the raw email as Content-Type: message/rfc822.');
      }
      await next();
    },
    bodyLimit({
      maxSize: env.INBOUND_MAX_BYTES,
      onError: () => {
        throw new AppError(413, 'payload_too_large', `The email is larger than ${formatBytes(env.INBOUND_MAX_BYTES)}.`);
      },
    }),
    async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      const { status } = await receiveEmail(pipeline, raw, { door: 'http' });
      return c.json({ status }, 202);
    },
  );
}
