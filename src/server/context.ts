/**
 * What every API handler can read from its Hono context: the bindings the Astro bridge passes
 * (the caller's socket address) and the app's dependencies, set once per request by createApp.
 * Signed-in routes also carry the session and its owner (see middleware/identity.ts).
 */
import type { Context } from 'hono';
import type { AppDeps } from './deps.ts';
import type { Session, SessionKind, SessionOwner } from './services/sign-in/sessions.ts';

/** Bindings the API receives from the Astro bridge (or from tests). */
export interface ApiBindings {
  clientAddress?: string;
}

/** Per-request values every handler can read: the dependencies and the request id (logs). */
interface ApiVariables {
  deps: AppDeps;
  requestId: string;
}

export interface ApiEnv {
  Bindings: ApiBindings;
  Variables: ApiVariables;
}

/** The context of a route behind `requireSession(kind)`: `user` is the client or the staff user. */
export interface SessionEnv<K extends SessionKind> {
  Bindings: ApiBindings;
  Variables: ApiVariables & { session: Session; user: SessionOwner[K] };
}

/**
 * A caller's address from its request's parts: the first `X-Forwarded-For` entry when the site
 * sits behind a trusted proxy (`trustProxy`, TRUST_PROXY), else the socket's address; 'unknown'
 * when neither exists. The front door (pages) and the API (`clientAddress`) both use it.
 */
export function callerAddress(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}

/** The API caller's address (`callerAddress` of its request and the bridge's socket address). */
export function clientAddress(c: Context<{ Bindings: ApiBindings; Variables: ApiVariables }>): string {
  return callerAddress(
    c.req.header('x-forwarded-for'),
    (c.env as ApiBindings | undefined)?.clientAddress,
    c.get('deps').env.TRUST_PROXY,
  );
}
