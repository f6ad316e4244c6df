/**
 * The portal's project page (docs/product.md#project-detail): a client's own project with its
 * milestones and messages. It sits above projects.ts, milestones.ts and communications.ts, so
 * none of them needs another for this page (a message belongs to a project: communications.ts
 * reads projects.ts, never the other way round).
 */
import type { Database } from '../../db/database.ts';
import { listProjectCommunications } from './communications.ts';
import { toJson } from '../../db/json.ts';
import { listMilestones } from './milestones.ts';
import { findClientProject } from './projects.ts';

/**
 * `{project, milestones (in order), communications (newest first)}` of the client's own project;
 * NotFoundError('Project') when it is missing or another client's.
 */
export async function getClientProject(db: Database, clientId: string, projectId: string) {
  const project = await findClientProject(db.read, clientId, projectId);
  const [projectMilestones, projectCommunications] = await Promise.all([
    listMilestones(db.read, projectId),
    listProjectCommunications(db.read, projectId),
  ]);
  return { project: toJson(project), milestones: projectMilestones, communications: projectCommunications };
}
