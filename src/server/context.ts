/**
 * What every API handler can read from its Hono context: the bindings the Astro bridge passes
 * (the caller's socket address) and the app's dependencies, set once per request by createApp.
 * Signed-in routes also carry the session and its owner (see auth/identity.ts).
 */
import type { Context } from 'hono';
import type { AppDeps } from './deps.ts';
import type { Session, SessionKind, SessionOwner } from './services/sessions.ts';

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
 * The caller's address: the first X-Forwarded-For entry when the app sits behind a trusted
 * proxy (TRUST_PROXY), else the socket address Astro reports; 'unknown' when neither exists.
 */
export function clientAddress(c: Context<{ Bindings: ApiBindings; Variables: ApiVariables }>): string {
  if (c.get('deps').env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return (c.env as ApiBindings | undefined)?.clientAddress ?? 'unknown';
}
