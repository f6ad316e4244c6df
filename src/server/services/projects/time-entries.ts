/**
 * Time logged by staff against a project (docs/product.md#time-tracking). Adding an entry adds its
 * hours to the project's `actualHours` (Hours Used, which the client sees) and deleting one takes
 * them off, in the same write as the entry, with an admin event and `project-updated` for the
 * portal's live update. Hours are numbers of hours (quarter hours); dates are 'YYYY-MM-DD'.
 */
import { format, parseISO } from 'date-fns';
import { and, desc, eq, sql } from 'drizzle-orm';
import { projects, timeEntries } from '../../../../db/schema/index.ts';
import type { TimeEntryValues } from '../../../shared/schemas/admin.ts';
import { staffName } from '../../../shared/staff-name.ts';
import { NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordProjectsUpdated } from '../events/events.ts';

type TimeEntryRow = typeof timeEntries.$inferSelect;

/** An entry as the API carries it: {id, projectId, author (a name), date, hours, note, createdAt}. */
function entryJson(row: TimeEntryRow) {
  return {
    id: row.id,
    projectId: row.projectId,
    author: row.author,
    date: row.date,
    hours: row.hours,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
/** 'YYYY-MM-DD' as the dashboard shows dates: 'Nov 23, 2026'. */
const dayText = (date: string) => format(parseISO(date), 'MMM d, yyyy');

async function projectTitle(tx: SqlDb, projectId: string): Promise<string> {
  const [row] = await tx.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
  if (!row) throw new NotFoundError('Project');
  return row.title;
}

/** Project `projectId`'s entries, newest day first. NotFoundError('Project') when it is missing. */
export async function listTimeEntries(db: Database, projectId: string) {
  await projectTitle(db.read, projectId);
  const rows = await db.read
    .select()
    .from(timeEntries)
    .where(eq(timeEntries.projectId, projectId))
    .orderBy(desc(timeEntries.date), desc(timeEntries.createdAt));
  return rows.map(entryJson);
}

/**
 * Logs `values` against project `projectId` by `actor`: the entry is stored and its hours added to
 * the project's Hours Used in one write. Returns {entry, actualHours}. NotFoundError('Project').
 */
export async function addTimeEntry(db: Database, actor: Actor, projectId: string, values: TimeEntryValues) {
  return db.write(async (tx) => {
    const title = await projectTitle(tx, projectId);
    const [row] = await tx
      .insert(timeEntries)
      .values({ projectId, userId: actor.id, author: staffName(actor), ...values, createdAt: new Date() })
      .returning();
    const [project] = await tx
      .update(projects)
      .set({ actualHours: sql`${projects.actualHours} + ${values.hours}`, updatedAt: new Date() })
      .where(eq(projects.id, projectId))
      .returning({ actualHours: projects.actualHours });
    await recordAdminEvent(
      tx,
      actor,
      'create',
      'time-entry',
      row!.id,
      `Logged ${hoursText(values.hours)} on ${title} for ${dayText(values.date)}`,
    );
    await recordProjectsUpdated(tx, projectId);
    return { entry: entryJson(row!), actualHours: project!.actualHours };
  });
}

/**
 * Deletes entry `entryId` of project `projectId` and takes its hours off the project's Hours Used
 * (never below 0), in one write. Returns the project's new Hours Used. NotFoundError('Time entry').
 */
export async function deleteTimeEntry(db: Database, actor: Actor, projectId: string, entryId: string) {
  return db.write(async (tx) => {
    const [row] = await tx
      .delete(timeEntries)
      .where(and(eq(timeEntries.id, entryId), eq(timeEntries.projectId, projectId)))
      .returning();
    if (!row) throw new NotFoundError('Time entry');
    const [project] = await tx
      .update(projects)
      .set({ actualHours: sql`max(0, ${projects.actualHours} - ${row.hours})`, updatedAt: new Date() })
      .where(eq(projects.id, projectId))
      .returning({ actualHours: projects.actualHours, title: projects.title });
    await recordAdminEvent(
      tx,
      actor,
      'delete',
      'time-entry',
      row.id,
      `Removed ${hoursText(row.hours)} logged on ${project?.title ?? 'a project'} for ${dayText(row.date)}`,
    );
    await recordProjectsUpdated(tx, projectId);
    return project?.actualHours ?? 0;
  });
}
