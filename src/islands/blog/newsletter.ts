/**
 * The blog's newsletter sign-up and unsubscribe (docs/product.md#newsletter: POST newsletter {email},
 * POST newsletter/unsubscribe {email}) and what each answer means for the visitor. The API answers 200 {status: 'subscribed'}, 422 with the error
 * shape (`fields.email` for an address it refuses), and 429 with Retry-After (seconds) past its
 * limit. The request goes through the typed client (lib/api.ts); it never throws.
 */
import { api, apiErrorOf } from '../lib/api.ts';

export type NewsletterOutcome =
  | { kind: 'subscribed' }
  /** The server refused the address: `fieldError` goes under the input, `message` otherwise. */
  | { kind: 'invalid'; fieldError?: string; message?: string }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'failed'; message: string };

export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach our server. Please check your connection and try again. Your email address is still in the box.";
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
/** How long the sign-up may take before the visitor is told it failed. */
const REQUEST_TIMEOUT_MS = 15_000;

/** `value` when it is a string with something in it. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * 'in about 5 minutes' for a Retry-After of delay-seconds or an HTTP date; '' when the header is
 * missing or unreadable.
 */
export function retryAfterText(header: string | null, now: number = Date.now()): string {
  if (!header) return '';
  let seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000;
  if (!Number.isFinite(seconds)) return '';
  seconds = Math.max(1, Math.ceil(seconds));
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * What an answer of the sign-up (or the unsubscribe) means for the visitor; an error body is read
 * as ApiError. A 429 reads `{rateLimited} from your connection. Please try again {when}.`
 */
export async function readNewsletterResponse(
  response: Response,
  rateLimited = 'Too many sign-up attempts',
): Promise<NewsletterOutcome> {
  if (response.ok) return { kind: 'subscribed' };
  const error = await apiErrorOf(response);
  const message = text(error.serverMessage);
  if (error.status === 422 || error.status === 400) {
    const fieldError = text(error.fields.email);
    return fieldError
      ? { kind: 'invalid', fieldError }
      : { kind: 'invalid', message: message ?? 'Please check your email address.' };
  }
  if (error.status === 429) {
    const wait = retryAfterText(response.headers.get('Retry-After'));
    return {
      kind: 'rate-limited',
      message: `${rateLimited} from your connection. Please try again ${wait || 'later'}.`,
    };
  }
  if (error.status >= 500) return { kind: 'failed', message: SERVER_ERROR_MESSAGE };
  return { kind: 'failed', message: message ?? SERVER_ERROR_MESSAGE };
}

/** A newsletter route of the typed client: it takes `{json: {email}}` and the request options. */
type NewsletterCall = (
  args: { json: { email: string } },
  options: { fetch?: typeof fetch; init: RequestInit },
) => Promise<Response>;

/**
 * Sends `email` through `call` (the sign-up's or the unsubscribe's route of the typed client); a
 * network failure or a timeout (`timeoutMs`) becomes a 'failed' outcome, never a throw. `fetcher`
 * replaces `fetch` (tests).
 */
async function send(
  call: NewsletterCall,
  email: string,
  fetcher: typeof fetch | undefined,
  timeoutMs: number,
  rateLimited: string,
): Promise<NewsletterOutcome> {
  let response: Response;
  try {
    response = await call(
      { json: { email } },
      { ...(fetcher ? { fetch: fetcher } : {}), init: { signal: AbortSignal.timeout(timeoutMs) } },
    );
  } catch {
    return { kind: 'failed', message: NETWORK_ERROR_MESSAGE };
  }
  return readNewsletterResponse(response, rateLimited);
}

/** Signs `email` up (see `send`). */
export function subscribeToNewsletter(
  email: string,
  fetcher?: typeof fetch,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
): Promise<NewsletterOutcome> {
  return send(api.newsletter.$post, email, fetcher, timeoutMs, 'Too many sign-up attempts');
}

/**
 * Unsubscribes `email` (its address deleted, the withdrawal recorded); outcomes as the sign-up's,
 * `subscribed` meaning done. Never throws.
 */
export function unsubscribeFromNewsletter(
  email: string,
  fetcher?: typeof fetch,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
): Promise<NewsletterOutcome> {
  return send(api.newsletter.unsubscribe.$post, email, fetcher, timeoutMs, 'Too many attempts');
}
