/**
 * The API: a Hono app under /api (DESIGN.md section 2), mounted by src/pages/api/[...path].ts
 * and tested in-process with `createApp(deps).request()`.
 *
 * Every response carries the security headers; every error is `{error: {code, message,
 * fields?}}` with an honest status (DESIGN.md section 3, conventions 4 and 5); unknown paths
 * answer 404 in that shape. Bodies over 64 KB answer 413; a body that is not JSON, 415.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from './deps.ts';
import { isHttpsSite } from './env.ts';
import { AppError, errorBody } from './errors.ts';
import type { ApiBindings } from './middleware/rate-limit.ts';
import { API_CSP, securityHeaders } from './middleware/security-headers.ts';
import { adminAuthRoutes } from './routes/admin-auth.ts';
import { adminRoutes } from './routes/admin.ts';
import { auditRoutes } from './routes/audit.ts';
import { blogAdminRoutes } from './routes/blog-admin.ts';
import { clientRoutes } from './routes/client.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
import { newsletterRoutes } from './routes/newsletter.ts';

/** Largest request body the API reads, in bytes (issue 2: 64 KB). */
export const MAX_BODY_BYTES = 64 * 1024;

const CODES: Partial<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid_fields',
  429: 'rate_limited',
};

function hasBody(request: Request): boolean {
  return request.body !== null && request.headers.get('content-length') !== '0';
}

export function createApp(deps: AppDeps) {
  const headers = { ...securityHeaders({ https: isHttpsSite(deps.env) }), 'Content-Security-Policy': API_CSP };

  const app = new Hono<{ Bindings: ApiBindings }>().basePath('/api');

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError(413, 'payload_too_large', 'The request body is larger than 64 KB');
      },
    }),
  );
  app.use('*', async (c, next) => {
    if (['POST', 'PUT', 'PATCH'].includes(c.req.method) && hasBody(c.req.raw)) {
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!/^application\/([\w.-]+\+)?json$/.test(type)) {
        throw new AppError(415, 'unsupported_media_type', 'Send the body as application/json');
      }
    }
    await next();
  });

  const routes = app
    .route('/health', healthRoutes(deps))
    .route('/contact', contactRoutes(deps))
    .route('/newsletter', newsletterRoutes(deps))
    .route('/client', clientRoutes(deps))
    .route('/admin/auth', adminAuthRoutes(deps))
    .route('/admin', adminRoutes(deps))
    .route('/blog-admin', blogAdminRoutes(deps))
    .route('/audit', auditRoutes(deps, deps.audit));

  if (deps.env.BENCH_ROUTES) {
    // A route with no work behind it, for `npm run bench:api` to measure the stack's own cost.
    app.get('/bench/bare', (c) => c.json({ ok: true, items: [{ id: 1, title: 'Fixed answer' }] }));
  }

  app.notFound((c) => c.json(errorBody('not_found', 'No such API endpoint'), 404));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(errorBody(error.code, error.message, error.fields), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json(errorBody(CODES[status] ?? 'error', error.message || 'Request failed'), status);
    }
    console.error('[api] unexpected error', c.req.method, c.req.path, error);
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
  });

  return routes;
}

/** The API's type, for a typed client in the islands (`import type` only). */
export type ApiType = ReturnType<typeof createApp>;
