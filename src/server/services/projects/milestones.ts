/**
 * A project's milestones (docs/product.md#milestones): listed in order; staff add, edit, reorder
 * and delete them, each recorded as an admin event in the same transaction. `completedAt`
 * follows the status: set when a milestone becomes completed, cleared when it stops being.
 */
import { asc, eq, max } from 'drizzle-orm';
import { milestones, projects } from '../../../../db/schema/index.ts';
import type { MilestoneValues } from '../../../shared/schemas/admin.ts';
import { InvalidFieldError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordProjectsUpdated } from '../events/events.ts';
import { toJson } from '../../db/json.ts';
import { notifyMilestoneCompleted } from '../email/notifications.ts';

/** The project's milestones, first to last (order index, then creation). */
export async function listMilestones(db: SqlDb, projectId: string) {
  const rows = await db
    .select()
    .from(milestones)
    .where(eq(milestones.projectId, projectId))
    .orderBy(asc(milestones.orderIndex), asc(milestones.createdAt));
  return rows.map(toJson);
}

async function assertProjectExists(db: SqlDb, projectId: string): Promise<{ title: string; clientId: string }> {
  const [project] = await db
    .select({ title: projects.title, clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw new NotFoundError('Project');
  return project;
}

/** Queues the client's notification when `row` has just become completed (docs/product.md#notifications). */
async function notifyIfCompleted(
  tx: SqlDb,
  row: { projectId: string; title: string; completedAt: Date | null },
  wasCompleted: boolean,
): Promise<void> {
  if (wasCompleted || !row.completedAt) return;
  const project = await assertProjectExists(tx, row.projectId);
  await notifyMilestoneCompleted(
    tx,
    { clientId: project.clientId, projectId: row.projectId },
    { title: row.title, completedAt: row.completedAt },
  );
}

/** The project's milestones for staff; NotFoundError when the project does not exist. */
export async function listProjectMilestones(db: SqlDb, projectId: string) {
  await assertProjectExists(db, projectId);
  return listMilestones(db, projectId);
}

/** Adds a milestone after the project's last one. NotFoundError when the project does not exist. */
export async function createMilestone(db: Database, actor: Actor, projectId: string, values: MilestoneValues) {
  return db.write(async (tx) => {
    await assertProjectExists(tx, projectId);
    const [last] = await tx
      .select({ orderIndex: max(milestones.orderIndex) })
      .from(milestones)
      .where(eq(milestones.projectId, projectId));
    const now = new Date();
    const [row] = await tx
      .insert(milestones)
      .values({
        ...values,
        projectId,
        orderIndex: Math.max(last?.orderIndex ?? 0, 0) + 1,
        completedAt: values.status === 'completed' ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    await notifyIfCompleted(tx, row, false);
    await recordAdminEvent(tx, actor, 'create', 'milestone', row.id, `Added milestone ${row.title}`);
    await recordProjectsUpdated(tx, projectId);
    return toJson(row);
  });
}

/**
 * Edits a milestone; one that becomes completed queues the client's notification. NotFoundError
 * when it does not exist.
 */
export async function updateMilestone(db: Database, actor: Actor, id: string, values: MilestoneValues) {
  return db.write(async (tx) => {
    const [current] = await tx.select().from(milestones).where(eq(milestones.id, id));
    if (!current) throw new NotFoundError('Milestone');
    const now = new Date();
    const completedAt = values.status === 'completed' ? (current.completedAt ?? now) : null;
    const [row] = await tx
      .update(milestones)
      .set({ ...values, completedAt, updatedAt: now })
      .where(eq(milestones.id, id))
      .returning();
    if (!row) throw new NotFoundError('Milestone');
    await notifyIfCompleted(tx, row, current.status === 'completed');
    await recordAdminEvent(
      tx,
      actor,
      'update',
      'milestone',
      id,
      `Updated milestone ${values.title} (${values.status})`,
    );
    await recordProjectsUpdated(tx, row.projectId);
    return toJson(row);
  });
}

/** NotFoundError when the milestone does not exist. */
export async function deleteMilestone(db: Database, actor: Actor, id: string): Promise<void> {
  await db.write(async (tx) => {
    const [row] = await tx.delete(milestones).where(eq(milestones.id, id)).returning();
    if (!row) throw new NotFoundError('Milestone');
    await recordAdminEvent(tx, actor, 'delete', 'milestone', id, `Deleted milestone ${row.title}`);
    await recordProjectsUpdated(tx, row.projectId);
  });
}

/**
 * Puts the project's milestones in the order of `ids`, which must list each of them exactly
 * once (InvalidFieldError on `ids` otherwise); returns the new list. NotFoundError when the
 * project does not exist.
 */
export async function reorderMilestones(db: Database, actor: Actor, projectId: string, ids: string[]) {
  return db.write(async (tx) => {
    const existing = await listProjectMilestones(tx, projectId);
    const known = new Set(existing.map((m) => m.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new InvalidFieldError('ids', 'List every milestone of the project exactly once');
    }
    const now = new Date();
    for (const [index, id] of ids.entries()) {
      await tx
        .update(milestones)
        .set({ orderIndex: index + 1, updatedAt: now })
        .where(eq(milestones.id, id));
    }
    await recordAdminEvent(tx, actor, 'update', 'project', projectId, 'Reordered milestones');
    await recordProjectsUpdated(tx, projectId);
    return listMilestones(tx, projectId);
  });
}
