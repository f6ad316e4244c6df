/**
 * Who is there in live chat (docs/product.md#live-chat): staff presence (heartbeats, away), which
 * decides whether a chat is answered live or offline, and either side's typing.
 */
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { chatConversations, staffPresence, users } from '../../../../db/schema/index.ts';
import { TYPING_EVERY_MS } from '../../../shared/chat.ts';
import type { Env } from '../../env/index.ts';
import { NotFoundError } from '../../errors.ts';
import { withinChatHours } from '../../env/chat-hours.ts';
import type { Database } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';

/** Staff count as online this long after their last heartbeat: 90 seconds. */
const PRESENCE_TIMEOUT_MS = 90_000;

/**
 * A staff member's heartbeat: seen now, and away or back when `away` is given.
 * DatabaseBusyError when the write is shed.
 */
export async function staffHeartbeat(db: Database, userId: string, now: Date, away?: boolean): Promise<void> {
  await db.write((tx) =>
    tx
      .insert(staffPresence)
      .values({ userId, lastSeenAt: now, away: away ?? false })
      .onConflictDoUpdate({
        target: staffPresence.userId,
        set: away === undefined ? { lastSeenAt: now } : { lastSeenAt: now, away },
      }),
  );
}

/**
 * Whether someone can answer a chat now: within CHAT_HOURS, and a staff member still allowed in
 * (ADMIN_EMAILS) sent a heartbeat within PRESENCE_TIMEOUT_MS and is not away.
 */
export async function chatOnline(
  db: Database,
  env: Pick<Env, 'CHAT_HOURS' | 'SITE_TIME_ZONE' | 'ADMIN_EMAILS'>,
  now: Date,
): Promise<boolean> {
  if (!withinChatHours(env.CHAT_HOURS, env.SITE_TIME_ZONE, now)) return false;
  if (env.ADMIN_EMAILS.length === 0) return false;
  const [row] = await db.read
    .select({ userId: staffPresence.userId })
    .from(staffPresence)
    .innerJoin(users, eq(users.id, staffPresence.userId))
    .where(
      and(
        eq(staffPresence.away, false),
        gt(staffPresence.lastSeenAt, new Date(now.getTime() - PRESENCE_TIMEOUT_MS)),
        inArray(users.username, env.ADMIN_EMAILS),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The staff member's own presence: whether they set themselves away. */
export async function staffAway(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.read
    .select({ away: staffPresence.away })
    .from(staffPresence)
    .where(eq(staffPresence.userId, userId));
  return row?.away ?? false;
}

/**
 * Records that one side is typing, at most once every TYPING_EVERY_MS per side; a call sooner
 * records nothing. NotFoundError for a missing conversation.
 */
export async function recordTyping(
  db: Database,
  conversationId: string,
  author: 'visitor' | 'staff',
  now: Date,
): Promise<void> {
  const column = author === 'visitor' ? chatConversations.visitorTypingAt : chatConversations.staffTypingAt;
  const [row] = await db.read
    .select({ at: column, status: chatConversations.status })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  if (!row) throw new NotFoundError('Conversation not found');
  if (row.status === 'closed' || (row.at && now.getTime() - row.at.getTime() < TYPING_EVERY_MS)) return;
  await db.write(async (tx) => {
    const cutoff = new Date(now.getTime() - TYPING_EVERY_MS);
    const changed = await tx
      .update(chatConversations)
      .set(author === 'visitor' ? { visitorTypingAt: now } : { staffTypingAt: now })
      .where(and(eq(chatConversations.id, conversationId), or(isNull(column), lte(column, cutoff))))
      .returning({ id: chatConversations.id });
    if (changed.length > 0) await recordEvent(tx, { type: 'chat-typing', conversationId, author });
  });
}
