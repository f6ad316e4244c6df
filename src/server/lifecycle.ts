/**
 * Where the server process is in its life (docs/product.md#health): `starting` until the
 * database is migrated and the background work runs, `ready` while it serves, `stopping` from
 * SIGTERM or SIGINT on. `GET /api/health/ready` answers 503 unless `ready`, so a load balancer
 * stops sending requests before the process goes away.
 *
 * Kept on `globalThis`: the server entry and Astro's bundle each carry a copy of this module.
 */
export type Phase = 'starting' | 'ready' | 'stopping';

const KEY = Symbol.for('agency-site.lifecycle');
const state = ((globalThis as Record<symbol, unknown>)[KEY] ??= { phase: 'ready' as Phase }) as { phase: Phase };

/**
 * The current phase. A process that never called `setPhase` (the API in tests, `astro dev`)
 * counts as `ready`.
 */
export function currentPhase(): Phase {
  return state.phase;
}

/** Moves the process to `phase` (the server entry calls it). */
export function setPhase(phase: Phase): void {
  state.phase = phase;
}
