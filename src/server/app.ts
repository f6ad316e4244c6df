/**
 * The API: a Hono app under /api, mounted by src/pages/api/[...path].ts and tested in-process
 * with `testClient(createApp(deps))` (docs/product.md#api).
 *
 * Every response carries the security headers and `Cache-Control: no-store` unless a route set
 * its own; a state-changing request from another site answers 403 (middleware/cross-site.ts);
 * bodies over 64 KB answer 413 and bodies that are not JSON 415 (but for the one-click
 * unsubscribe, which takes the form mail providers send, uploads, and the proposals staff write,
 * up to 1 MB). Errors become answers
 * here and only here (`onError`), always as `{error: {code, message, fields?}}` with an honest
 * status (docs/product.md#errors); unknown paths answer 404 in that shape.
 */
import { Hono, type Context } from 'hono';
import { except } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from './context.ts';
import type { AppDeps } from './deps.ts';
import { isHttpsSite } from './env/index.ts';
import {
  AppError,
  ConflictError,
  INTERNAL_ERROR_MESSAGE,
  InvalidFieldError,
  InvalidTokenError,
  NotFoundError,
  errorBody,
} from './errors.ts';
import { refuseCrossSite } from './middleware/cross-site.ts';
import { KEY_IN_USE_MESSAGE } from './middleware/idempotency.ts';
import { limitBodySize, limitProposalBodySize, requireJsonBody } from './middleware/json-body.ts';
import { API_CSP, securityHeaders } from './middleware/security-headers.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { blogEditorRoutes } from './routes/blog-editor.ts';
import { chatRoutes } from './routes/chat.ts';
import { fileRoutes } from './routes/files.ts';
import { agreementRoutes } from './routes/agreements.ts';
import { clientRoutes } from './routes/client/index.ts';
import { healthRoutes } from './routes/health.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { leadRoutes } from './routes/leads.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { checkoutRoutes, webhookRoutes } from './routes/payments.ts';
import { inboundRoutes } from './routes/inbound.ts';
import { consentRoutes } from './routes/consent.ts';
import { dataExportRoutes } from './routes/data-exports.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { websiteAuditRoutes } from './routes/website-audit.ts';
import { DatabaseBusyError } from './db/errors.ts';
import { IdempotencyKeyTaken } from './services/idempotency.ts';
import { log } from './log.ts';
import { requestLog } from './middleware/request-log.ts';

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

/** What a caller reads when its write was shed (docs/product.md#errors). */
const DATABASE_BUSY_MESSAGE = 'We are busy for a moment. Nothing was saved; please try again.';

/** The one place where an error becomes an answer. */
function errorResponse(error: Error, c: Context<ApiEnv>): Response {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(errorBody(error.code, error.message, error.fields), error.status);
  }
  if (error instanceof NotFoundError) return c.json(errorBody('not_found', error.message), 404);
  if (error instanceof ConflictError) {
    return c.json(errorBody(error.code, error.message, { [error.field]: error.message }), 409);
  }
  if (error instanceof InvalidFieldError) {
    return c.json(errorBody('invalid_fields', error.message, { [error.field]: error.message }), 422);
  }
  if (error instanceof InvalidTokenError) return c.json(errorBody(error.code, error.message), 400);
  if (error instanceof IdempotencyKeyTaken) {
    // Replaced by the first answer in middleware/idempotency.ts once that answer can be read.
    return c.json(errorBody('idempotency_key_in_use', KEY_IN_USE_MESSAGE), 409);
  }
  if (error instanceof DatabaseBusyError) {
    // Nothing was written; the same request (with its Idempotency-Key) may be sent again.
    c.header('Retry-After', String(DatabaseBusyError.RETRY_AFTER_S));
    return c.json(errorBody('database_busy', DATABASE_BUSY_MESSAGE), 503);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json(errorBody(CODES[status] ?? 'error', error.message || 'Request failed'), status);
  }
  log.error({ reqId: c.var.requestId, method: c.req.method, route: routePath(c, -1), err: error }, 'unexpected error');
  return c.json(errorBody('internal_error', INTERNAL_ERROR_MESSAGE), 500);
}

/**
 * The RFC 8058 one-click unsubscribe address (routes/unsubscribe.ts): mail providers POST a form
 * there, without cookies and without an Origin header, so it alone is exempt from the JSON-only
 * rule and from the cross-site check here.
 */
const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/unsubscribe';

const isOneClickUnsubscribe = (method: string, path: string) =>
  method === 'POST' && path === ONE_CLICK_UNSUBSCRIBE_PATH;

/**
 * The raw-email door (routes/inbound.ts): an email provider POSTs `message/rfc822` with a bearer
 * secret, without cookies or an Origin, up to INBOUND_MAX_BYTES; its route checks and limits it.
 */
const isInboundEmail = (method: string, path: string) => method === 'POST' && path === '/api/inbound/email';

/**
 * A file upload (routes/files.ts) or a PDF to check (routes/agreements.ts): multipart, streamed,
 * limited by its route.
 */
const UPLOAD_PATH = /^\/api\/((client|admin)\/projects\/[^/]+\/files|agreements\/verify)$/;
const isUpload = (method: string, path: string) => method === 'POST' && UPLOAD_PATH.test(path);

/**
 * A proposal or a template as staff write it (routes/admin/proposals.ts), an invoice (routes/admin/invoices.ts)
 * or a Stripe event (routes/payments.ts): JSON up to 1 MB.
 */
const PROPOSAL_PATH = /^\/api\/(admin\/(proposals(\/[^/]+)?|proposal-templates|invoices(\/[^/]+)?)|webhooks\/stripe)$/;
const isProposalBody = (method: string, path: string) =>
  (method === 'POST' || method === 'PUT') && PROPOSAL_PATH.test(path);

export function createApp(deps: AppDeps) {
  const headers = { ...securityHeaders({ https: isHttpsSite(deps.env) }), 'Content-Security-Policy': API_CSP };

  const app = new Hono<ApiEnv>().basePath('/api');
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await requestLog(c, next);
    for (const [name, value] of Object.entries(headers)) {
      // A file answer sets its own policy (`sandbox`, routes/files.ts).
      if (name === 'Content-Security-Policy' && c.res.headers.has(name)) continue;
      c.res.headers.set(name, value);
    }
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // State-changing requests from another site are refused before anything else is read.
  app.use('*', refuseCrossSite(deps.env.SITE_URL, isOneClickUnsubscribe));
  // Uploads (multipart, up to UPLOAD_MAX_BYTES) are streamed and limited by their own route.
  app.use(
    '*',
    except(
      (c) =>
        isUpload(c.req.method, c.req.path) ||
        isProposalBody(c.req.method, c.req.path) ||
        isInboundEmail(c.req.method, c.req.path),
      limitBodySize,
    ),
  );
  app.use('*', async (c, next) => (isProposalBody(c.req.method, c.req.path) ? limitProposalBodySize(c, next) : next()));
  // The routes that take a form: RFC 8058 one-click unsubscribe, as mail providers send it, and uploads.
  app.use(
    '*',
    except(
      (c) =>
        isOneClickUnsubscribe(c.req.method, c.req.path) ||
        isUpload(c.req.method, c.req.path) ||
        isInboundEmail(c.req.method, c.req.path),
      requireJsonBody,
    ),
  );

  const routes = app
    .route('/health', healthRoutes(deps))
    .route('/contact', leadRoutes(deps))
    .route('/chat', chatRoutes(deps))
    .route('/files', fileRoutes(deps))
    .route('/agreements', agreementRoutes(deps))
    .route('/newsletter', newsletterRoutes(deps))
    .route('/consent', consentRoutes(deps))
    .route('/data-exports', dataExportRoutes(deps))
    .route('/client', clientRoutes(deps))
    .route('/admin', adminRoutes(deps))
    .route('/blog-admin', blogEditorRoutes(deps))
    .route('/audit', websiteAuditRoutes(deps, deps.audit))
    .route('/unsubscribe', unsubscribeRoutes(deps))
    .route('/checkout', checkoutRoutes(deps))
    .route('/webhooks', webhookRoutes(deps))
    .route('/inbound', inboundRoutes(deps))
    .route('/bookings', bookingRoutes(deps))
    .route('/calendar', calendarRoutes(deps));

  if (deps.env.BENCH_ROUTES) {
    // A route with no work behind it, for `npm run bench:api` to measure the stack's own cost.
    app.get('/bench/bare', (c) => c.json({ ok: true, items: [{ id: 1, title: 'Fixed answer' }] }));
  }
  app.notFound((c) => c.json(errorBody('not_found', 'No such API endpoint'), 404));
  app.onError(errorResponse);
  return routes;
}

/** The API's type, for the islands' typed client (`import type` only). */
export type ApiType = ReturnType<typeof createApp>;
