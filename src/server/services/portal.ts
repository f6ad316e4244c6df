/**
 * What a client sees of its projects (SPEC.md 2.10, 7): every query is scoped to the client,
 * so another client's project and a missing one look the same (null → 404, DESIGN.md 4).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { communications, milestones, projects } from '../../../db/schema/index.ts';
import type { Database } from '../db.ts';

export type Project = typeof projects.$inferSelect;
export type Milestone = typeof milestones.$inferSelect;
export type Communication = typeof communications.$inferSelect;

/** Prepared once per database: the project list is the portal's busiest query. */
const listQueries = new WeakMap<Database, ReturnType<typeof prepareList>>();
function prepareList(db: Database) {
  // Written out in full: drizzle renders bare column names inside a select's sql fragment.
  const unreadFromTeam = sql<number>`(select count(*) from "communications" c
    where c."project_id" = "projects"."id" and c."from_client" = 0 and c."is_read" = 0)`;
  return db
    .select({ project: projects, unreadCount: unreadFromTeam })
    .from(projects)
    .where(eq(projects.clientId, sql.placeholder('clientId')))
    .orderBy(desc(projects.createdAt))
    .prepare();
}

/** The client's projects, newest first, each with its number of unread team messages. */
export async function listClientProjects(db: Database, clientId: string) {
  let query = listQueries.get(db);
  if (!query) listQueries.set(db, (query = prepareList(db)));
  const rows = await query.all({ clientId });
  return rows.map((r) => ({ ...r.project, unreadCount: Number(r.unreadCount) }));
}

async function ownProject(db: Database, clientId: string, projectId: string): Promise<Project | undefined> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)))
    .limit(1);
  return project;
}

/** {project, milestones (in order), communications (newest first)}, or null when not the client's. */
export async function getClientProject(db: Database, clientId: string, projectId: string) {
  const project = await ownProject(db, clientId, projectId);
  if (!project) return null;
  const [projectMilestones, projectCommunications] = await Promise.all([
    db
      .select()
      .from(milestones)
      .where(eq(milestones.projectId, projectId))
      .orderBy(asc(milestones.orderIndex), asc(milestones.createdAt)),
    db
      .select()
      .from(communications)
      .where(eq(communications.projectId, projectId))
      .orderBy(desc(communications.createdAt)),
  ]);
  return { project, milestones: projectMilestones, communications: projectCommunications };
}

/** Stores a message from the client (fromClient true, unread); null when not the client's project. */
export async function addClientMessage(
  db: Database,
  clientId: string,
  projectId: string,
  input: { subject: string; message: string },
): Promise<Communication | null> {
  if (!(await ownProject(db, clientId, projectId))) return null;
  const [row] = await db
    .insert(communications)
    .values({ projectId, fromClient: true, subject: input.subject, message: input.message, createdAt: new Date() })
    .returning();
  return row ?? null;
}

/** Marks the team's messages on the project read; returns how many changed, or null when not the client's. */
export async function markTeamMessagesRead(db: Database, clientId: string, projectId: string): Promise<number | null> {
  if (!(await ownProject(db, clientId, projectId))) return null;
  const changed = await db
    .update(communications)
    .set({ isRead: true })
    .where(
      and(
        eq(communications.projectId, projectId),
        eq(communications.fromClient, false),
        eq(communications.isRead, false),
      ),
    )
    .returning({ id: communications.id });
  return changed.length;
}
