/**
 * The durable event log (docs/product.md#live-updates; docs/decisions/0024-event-log-and-leases.md).
 *
 * A write that changes something a browser shows live records a `LiveEvent` with `recordEvent`
 * inside its own transaction, so the event exists exactly when the change does, whichever
 * process made it. Every server process reads the rows after the last one it saw
 * (`readEventsAfter`, services/events/tail.ts) and sends them to its open streams; a stream that
 * reconnects reads what it missed the same way. Rows older than EVENT_RETENTION_MS are pruned by
 * the sweep (`deleteEventsBefore`).
 */
import { and, asc, eq, gt, inArray, lt, max, min, ne } from 'drizzle-orm';
import { events, projects } from '../../../../db/schema/index.ts';
import type { BrowserEvent } from '../../../shared/live-events.ts';
import type { Database, SqlDb } from '../../db/database.ts';

export type { ChatMessageJson } from '../../../shared/live-events.ts';

/**
 * What happened, for whom: every event a browser may receive (src/shared/live-events.ts, the one
 * definition the browsers read too), and one internal event.
 */
export type LiveEvent =
  | BrowserEvent
  /** Internal, never sent to a browser: sessions of this user ended (sign-out, revocation). */
  | { type: 'session-ended'; kind: 'client' | 'staff'; userId: string };

/** An event as stored: its row id (the Server-Sent Events id) and its audience. */
export type StoredEvent = LiveEvent & { id: number; audience: string };

/** The audience of events no browser receives. */
export const INTERNAL_AUDIENCE = 'internal';

/** The audience of events only the staff receive. */
const STAFF_AUDIENCE = 'staff';

/** The audience of a client's events: that client and the staff. */
export function clientAudience(clientId: string): string {
  return `client:${clientId}`;
}

/** The audience of a chat's events: its visitor and the staff. */
export function chatAudience(conversationId: string): string {
  return `chat:${conversationId}`;
}

/** The audience an event is stored with. */
function audienceOf(event: LiveEvent): string {
  if (event.type === 'session-ended') return INTERNAL_AUDIENCE;
  if (event.type === 'lead-urgent' || event.type === 'booking-updated') return STAFF_AUDIENCE;
  if ((event.type === 'proposal-updated' || event.type === 'invoice-updated') && !event.clientId) return STAFF_AUDIENCE;
  if ('conversationId' in event) return chatAudience(event.conversationId);
  return clientAudience(event.clientId!);
}

/** How long events are kept for streams that reconnect: 24 hours, in milliseconds. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Records `event` in the caller's transaction `tx`. */
export async function recordEvent(tx: SqlDb, event: LiveEvent): Promise<void> {
  const { type, ...payload } = event;
  await tx.insert(events).values({ topic: type, audience: audienceOf(event), payload });
}

/**
 * Records `project-updated` once for each distinct project among `projectIds`, with the client
 * that owns it as `tx` sees it now (a project already deleted, or unknown, records nothing).
 */
export async function recordProjectsUpdated(tx: SqlDb, ...projectIds: string[]): Promise<void> {
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return;
  const owners = await tx
    .select({ projectId: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(inArray(projects.id, ids));
  for (const owner of owners) await recordEvent(tx, { type: 'project-updated', ...owner });
}

/**
 * Which rows a reader wants: every audience but `internal` for staff, one client's, or one chat's
 * (its visitor).
 */
export type AudienceFilter = { staff: true } | { clientId: string } | { conversationId: string } | { all: true };

/**
 * Up to `limit` stored events with an id above `afterId`, oldest first, for `filter`.
 * Throws what the database throws.
 */
export async function readEventsAfter(
  db: SqlDb,
  afterId: number,
  limit: number,
  filter: AudienceFilter = { all: true },
): Promise<StoredEvent[]> {
  const audience =
    'staff' in filter
      ? ne(events.audience, INTERNAL_AUDIENCE)
      : 'clientId' in filter
        ? eq(events.audience, clientAudience(filter.clientId))
        : 'conversationId' in filter
          ? eq(events.audience, chatAudience(filter.conversationId))
          : undefined;
  const rows = await db
    .select({ id: events.id, topic: events.topic, audience: events.audience, payload: events.payload })
    .from(events)
    .where(and(gt(events.id, afterId), audience))
    .orderBy(asc(events.id))
    .limit(limit);
  return rows.map(
    ({ id, topic, audience: to, payload }) => ({ ...payload, type: topic, id, audience: to }) as StoredEvent,
  );
}

/** The highest event id stored (0 for none) and the lowest still kept (null for none). */
export async function eventIdRange(db: SqlDb): Promise<{ last: number; first: number | null }> {
  const [row] = await db.select({ last: max(events.id), first: min(events.id) }).from(events);
  return { last: row?.last ?? 0, first: row?.first ?? null };
}

/** Rows deleted per write by the prune, so that one prune never holds the lock for long. */
const PRUNE_BATCH = 500;

/** Deletes the events recorded before `cutoff`, in batches; returns how many went. */
export async function deleteEventsBefore(db: Database, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await db.read
      .select({ id: events.id })
      .from(events)
      .where(lt(events.createdAt, cutoff))
      .orderBy(asc(events.id))
      .limit(PRUNE_BATCH);
    if (batch.length === 0) return deleted;
    const ids = batch.map((row) => row.id);
    await db.write((tx) => tx.delete(events).where(and(inArray(events.id, ids), lt(events.createdAt, cutoff))));
    deleted += ids.length;
    if (batch.length < PRUNE_BATCH) return deleted;
  }
}
