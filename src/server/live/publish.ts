/**
 * What the routes use to publish live updates after a write has committed
 * (docs/product.md#live-updates; docs/decisions/0009-live-updates.md). An event names its
 * project's client, so a route that only knows the project (or a milestone) looks the owner up
 * first. A failed look-up is logged and never changes the answer: the write itself is done, and
 * the screens still refresh on their own freshness times.
 */
import type { EventBus } from './bus.ts';
import type { Database } from '../services/db.ts';
import { projectOwner } from '../services/projects.ts';
import { log } from '../log.ts';

/** A project and its client: what every browser-bound event names. */
export interface ProjectOwner {
  projectId: string;
  clientId: string;
}

/** The project of `ref` (a project or one of its milestones) and its client; null when missing or on failure. */
export async function ownerOf(
  db: Database,
  ref: { projectId: string } | { milestoneId: string },
): Promise<ProjectOwner | null> {
  try {
    return await projectOwner(db.read, ref);
  } catch (error) {
    log.error({ component: 'live', err: error }, 'could not find the project of a change');
    return null;
  }
}

/** Publishes `project-updated` once for each distinct project among `owners` (nulls are skipped). */
export function publishProjectUpdated(bus: EventBus, ...owners: (ProjectOwner | null)[]): void {
  const seen = new Set<string>();
  for (const owner of owners) {
    if (!owner) continue;
    const key = `${owner.projectId} ${owner.clientId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bus.publish({ type: 'project-updated', projectId: owner.projectId, clientId: owner.clientId });
  }
}
