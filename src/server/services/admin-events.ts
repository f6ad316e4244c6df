/**
 * Admin events: the trail of who on the staff created, changed or deleted which record, and
 * when (docs/product.md#dashboard). Written in the same transaction as the change it records.
 */
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { adminEvents, contactSubmissions, projects, proposals, users } from '../../../db/schema/index.ts';
import { staffName } from '../../shared/staff-name.ts';
import type { Database, SqlDb } from '../db/database.ts';
import { toJson } from '../db/json.ts';

/** The staff member who acts. */
export interface Actor {
  id: string;
  /** The staff member's address. */
  username: string;
  /** Their display name, when set (docs/product.md#staff-names). */
  displayName?: string | null;
}

export type AdminEventAction = 'create' | 'update' | 'delete';

/** Records one event; `entity` is the kind of record (client, project, milestone, communication, lead). */
export async function recordAdminEvent(
  db: SqlDb,
  actor: Actor,
  action: AdminEventAction,
  entity: string,
  entityId: string,
  summary: string,
): Promise<void> {
  await db
    .insert(adminEvents)
    .values({ userId: actor.id, username: actor.username, action, entity, entityId, summary, createdAt: new Date() });
}

/**
 * Records one event per `{entityId, summary}` of `records` in one statement (a bulk change on a
 * libSQL server pays one round trip, not one per record); nothing for an empty list.
 */
export async function recordAdminEvents(
  db: SqlDb,
  actor: Actor,
  action: AdminEventAction,
  entity: string,
  records: { entityId: string; summary: string }[],
): Promise<void> {
  if (records.length === 0) return;
  const createdAt = new Date();
  await db.insert(adminEvents).values(
    records.map(({ entityId, summary }) => ({
      userId: actor.id,
      username: actor.username,
      action,
      entity,
      entityId,
      summary,
      createdAt,
    })),
  );
}

/**
 * The latest `limit` events (default 50), newest first, each with `name`, the name of the staff
 * member who acted (docs/product.md#staff-names); with `clientId`, only those about that client
 * (docs/product.md#client-page): the client itself, its projects, its proposals and the lead it
 * came from.
 */
export async function latestAdminEvents(db: Database, limit = 50, clientId?: string) {
  const about = clientId
    ? or(
        and(eq(adminEvents.entity, 'client'), eq(adminEvents.entityId, clientId)),
        and(
          eq(adminEvents.entity, 'project'),
          inArray(
            adminEvents.entityId,
            db.read.select({ id: projects.id }).from(projects).where(eq(projects.clientId, clientId)),
          ),
        ),
        and(
          eq(adminEvents.entity, 'proposal'),
          inArray(
            adminEvents.entityId,
            db.read.select({ id: proposals.id }).from(proposals).where(eq(proposals.clientId, clientId)),
          ),
        ),
        and(
          eq(adminEvents.entity, 'lead'),
          inArray(
            adminEvents.entityId,
            db.read
              .select({ id: contactSubmissions.id })
              .from(contactSubmissions)
              .where(eq(contactSubmissions.clientId, clientId)),
          ),
        ),
      )
    : undefined;
  const rows = await db.read
    .select({ event: adminEvents, displayName: users.displayName })
    .from(adminEvents)
    .leftJoin(users, eq(users.id, adminEvents.userId))
    .where(about)
    .orderBy(desc(adminEvents.createdAt))
    .limit(limit);
  // Who acted, by name (their display name, else one read from their address, also once they left).
  return rows.map(({ event, displayName }) =>
    toJson({ ...event, name: staffName({ username: event.username, displayName }) }),
  );
}
