/**
 * The browser's API client (SPEC.md 7 and 8). Sends JSON when a body is given, always with
 * cookies. A non-OK response throws ApiError whose message is `STATUS: body text` (or the
 * status text when the body is empty), and whose `body` holds the parsed JSON error if any.
 */
import type { ErrorBody } from '../../shared/api-error.ts';

/** What a failed response's body may hold: the API's error shape, or anything else. */
type ApiErrorBody = Partial<ErrorBody>;

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

  get fields(): Record<string, string> {
    return this.body?.error?.fields ?? {};
  }
}

/** The server's own message for `error` when it sent one (SPEC.md 8), else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** Sends a request and parses the JSON answer. Throws ApiError on a non-OK status. */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    let parsed: ApiErrorBody | null = null;
    try {
      parsed = JSON.parse(text) as ApiErrorBody;
    } catch {
      parsed = null;
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parsed);
  }
  return (text ? JSON.parse(text) : null) as T;
}
