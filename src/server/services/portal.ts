/**
 * What a client sees of its projects (SPEC.md 2.10, 7): every query is scoped to the client,
 * so another client's project and a missing one look the same (null → 404, DESIGN.md 4).
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { communications, milestones, projects } from '../../../db/schema/index.ts';
import type { Database } from '../db.ts';

export type Project = typeof projects.$inferSelect;
export type Milestone = typeof milestones.$inferSelect;
export type Communication = typeof communications.$inferSelect;

/** The client's projects, newest first, each with its number of unread team messages. */
export async function listClientProjects(db: Database, clientId: string) {
  const unread = db
    .select({ projectId: communications.projectId, n: count().as('n') })
    .from(communications)
    .where(and(eq(communications.fromClient, false), eq(communications.isRead, false)))
    .groupBy(communications.projectId)
    .as('unread');
  const rows = await db
    .select({ project: projects, unreadCount: sql<number>`coalesce(${unread.n}, 0)` })
    .from(projects)
    .leftJoin(unread, eq(unread.projectId, projects.id))
    .where(eq(projects.clientId, clientId))
    .orderBy(desc(projects.createdAt));
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
