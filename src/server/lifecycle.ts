/**
 * Where the server process is in its life (docs/product.md#health): `starting` until the
 * database is migrated and the background work runs, `ready` while it serves, `stopping` from
 * SIGTERM or SIGINT on. `GET /api/health/ready` answers 503 unless `ready`, so a load balancer
 * stops sending requests before the process goes away (docs/decisions/0012-serving-and-shutdown.md).
 *
 * Plain module state: the process holds one copy of the server
 * (docs/decisions/0020-one-server-per-process.md).
 */
export type Phase = 'starting' | 'ready' | 'stopping';

let phase: Phase = 'ready';

/**
 * The current phase. A process that never called `setPhase` (the API in tests, `astro dev`)
 * counts as `ready`.
 */
export function currentPhase(): Phase {
  return phase;
}

/** Moves the process to `next` (the server entry calls it). */
export function setPhase(next: Phase): void {
  phase = next;
}
