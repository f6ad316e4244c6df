/**
 * One-click unsubscribe under /api/unsubscribe, public, no session (docs/product.md#settings-screen;
 * RFC 8058). The signed token in the query decides whose emails stop; no cookie is read.
 *
 * - POST ?token=… → 200 {unsubscribed: true}: the client's project emails are turned off (again
 *   and again alike). The body may be the RFC 8058 form `List-Unsubscribe=One-Click`
 *   (application/x-www-form-urlencoded or multipart/form-data, as mail providers send it), JSON,
 *   or nothing (the /unsubscribe page); it is not needed beyond its type. Any other type: 415.
 * - GET ?token=… → 200 {valid: true}, changing nothing (the page asks before it offers its
 *   button; mail scanners follow links, so a GET never unsubscribes). A browser opening the
 *   address itself (a mail program without one-click opens the header's URL) is sent to
 *   /unsubscribe?token=… instead.
 * A forged, expired or other-purpose token, or one whose client is gone: 400
 * `invalid_unsubscribe_link`, and nothing changes.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { checkUnsubscribeToken, unsubscribeWithToken } from '../services/email/unsubscribe.ts';
import { validate } from '../validation.ts';

const tokenQuery = z.object({
  token: z
    .string({ error: 'This unsubscribe link is not valid or has expired' })
    .min(1, 'This unsubscribe link is not valid or has expired')
    .max(2000, 'This unsubscribe link is not valid or has expired'),
});

/** Body types a one-click request may have: a form (RFC 8058), JSON, or none at all. */
const ACCEPTED_BODY = /^(application\/x-www-form-urlencoded|multipart\/form-data|application\/([\w.-]+\+)?json)$/;

/** Refuses a body of another type with 415 (the app's JSON-only rule is lifted for this route, app.ts). */
const oneClickBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type && !ACCEPTED_BODY.test(type)) {
    throw new AppError(
      415,
      'unsupported_media_type',
      'Send the body as application/x-www-form-urlencoded (List-Unsubscribe=One-Click) or as application/json',
    );
  }
  await next();
};

export function unsubscribeRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', validate('query', tokenQuery), async (c) => {
      const { token } = c.req.valid('query');
      if (c.req.header('accept')?.includes('text/html')) {
        return c.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
      }
      await checkUnsubscribeToken(db, token);
      return c.json({ valid: true } as const);
    })
    .post('/', oneClickBody, validate('query', tokenQuery), async (c) => {
      await unsubscribeWithToken(db, c.req.valid('query').token);
      return c.json({ unsubscribed: true } as const);
    });
}
