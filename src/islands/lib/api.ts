/**
 * The islands' one way to the API (docs/product.md#api): `api`, a Hono client typed by the
 * server's own routes (`ApiType`), so paths, request bodies and answers are checked by the
 * compiler. Requests go to the page's own origin, cookies included; no token is kept in the
 * browser (docs/decisions/0004).
 *
 * `unwrap(api.….$get())` gives the JSON of a successful answer (null for an empty one); any
 * other status throws ApiError whose message is `STATUS: body text` (or the status text when
 * the body is empty) and whose `body` is the parsed error shape (docs/product.md#errors).
 */
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiType } from '../../server/app.ts';
import type { ErrorBody } from '../../shared/api-error.ts';

/** What a failed response's body may hold: the API's error shape, or anything else. */
type ApiErrorBody = Partial<ErrorBody>;

/** A non-OK answer of the API: its status, `STATUS: body text` as message, and the parsed body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's own message, when it sent the JSON error shape. */
  get serverMessage(): string | undefined {
    return this.body?.error?.message;
  }

  /** Field name (dotted for nested fields) → the message to show under it; empty when none. */
  get fields(): Record<string, string> {
    return this.body?.error?.fields ?? {};
  }
}

/** The server's own message for `error` when it sent one (docs/product.md#errors), else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** How long a request is sent again while the server answers 503 with `Retry-After`, in milliseconds. */
const BUSY_RETRY_WINDOW_MS = 15_000;
/** The longest wait between two tries, in milliseconds, whatever `Retry-After` says. */
const BUSY_RETRY_MAX_WAIT_MS = 5_000;

/**
 * `fetch`, sending the request again while the server answers 503 with `Retry-After` (it wrote
 * nothing: docs/product.md#errors), for up to 15 s; a form's Idempotency-Key goes with every try,
 * so a write is stored once. Other answers, and the last 503, are returned as they are.
 */
export async function fetchThroughBusy(
  input: RequestInfo | URL,
  init?: RequestInit,
  send: typeof fetch = fetch,
): Promise<Response> {
  const deadline = Date.now() + BUSY_RETRY_WINDOW_MS;
  for (;;) {
    const response = await send(input, init);
    const retryAfter = response.headers.get('Retry-After');
    if (response.status !== 503 || retryAfter === null) return response;
    const seconds = Number(retryAfter);
    const waitMs = Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, BUSY_RETRY_MAX_WAIT_MS);
    if (Date.now() + waitMs > deadline) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, waitMs * (1 + Math.random() / 4)));
  }
}

/**
 * The typed client of the API under /api, created once for every island. Its base is the page's
 * own origin ('/'), so requests are same-origin and carry the session cookies; a busy server's
 * 503 is tried again (`fetchThroughBusy`).
 */
export const api = hc<ApiType>('/', {
  init: { credentials: 'same-origin' },
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchThroughBusy(input, init),
}).api;

/** The JSON body of a client call's successful answers; null for answers without a JSON body. */
export type OkBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends 'json'
        ? T
        : null
      : never
    : never;

/**
 * Awaits a client call and reads its answer: the parsed JSON when the status is 2xx (null when
 * the body is empty); throws ApiError otherwise. A network failure rejects as `fetch` does.
 */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  call: R | Promise<R>,
): Promise<OkBody<R>> {
  const response = await call;
  if (!response.ok) throw await apiErrorOf(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as OkBody<R>;
}

/** The ApiError for a non-OK `response`: its body read as text, and parsed when it is JSON. */
export async function apiErrorOf(response: Pick<Response, 'status' | 'statusText' | 'text'>): Promise<ApiError> {
  const text = await response.text();
  let parsed: ApiErrorBody | null = null;
  try {
    parsed = JSON.parse(text) as ApiErrorBody;
  } catch {
    parsed = null;
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parsed);
}

/** True when `error` is the API's answer 401 (no session, or it ended). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Addresses of API routes that the browser opens itself rather than fetching: the staff Google
 * sign-in (a redirect to the provider), the leads CSV (a download) and the two live-update
 * streams (an EventSource, live.ts). Paths, from the client.
 */
export const apiLinks = {
  googleSignIn: api.admin.auth.google.$path(),
  leadsCsv: api.admin['contact-submissions.csv'].$path(),
  subscribers: api.admin['newsletter-subscribers'].$path(),
  clientStream: api.client.stream.$path(),
  staffStream: api.admin.stream.$path(),
} as const;
