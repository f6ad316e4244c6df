/** The admin audit trail (issue 4): who did what to which record, and when. */
import { desc } from 'drizzle-orm';
import { adminEvents } from '../../../db/schema/index.ts';
import type { Database, DbExecutor } from '../db.ts';

export interface Actor {
  id: string;
  username: string;
}

export async function recordEvent(
  db: DbExecutor,
  actor: Actor,
  action: 'create' | 'update' | 'delete',
  entity: string,
  entityId: string,
  summary: string,
): Promise<void> {
  await db
    .insert(adminEvents)
    .values({ userId: actor.id, username: actor.username, action, entity, entityId, summary, createdAt: new Date() });
}

/** The latest events, newest first. */
export function latestEvents(db: Database, limit = 50) {
  return db.select().from(adminEvents).orderBy(desc(adminEvents.createdAt)).limit(limit);
}
