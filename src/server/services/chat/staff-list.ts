/**
 * Live chat as staff see it (docs/product.md#live-chat): the paged list of conversations with
 * their unread counts, the tab's counts, and one conversation with its messages.
 */
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import {
  chatConversations,
  chatMessages,
  clients,
  contactSubmissions,
  users,
  type ChatStatus,
} from '../../../../db/schema/index.ts';
import { chatReach } from '../../../shared/chat.ts';
import type { ChatListQuery } from '../../../shared/schemas/chat.ts';
import { InvalidFieldError, NotFoundError } from '../../errors.ts';
import { messageJson, messagesOf } from './common.ts';
import type { Database } from '../../db/database.ts';

/** The visitor's unread messages of each conversation (after staff last read it). */
const unreadCount = sql<number>`(
  select count(*) from ${chatMessages}
  where ${chatMessages.conversationId} = ${chatConversations.id}
    and ${chatMessages.author} = 'visitor'
    and (${chatConversations.staffReadAt} is null or ${chatMessages.createdAt} > ${chatConversations.staffReadAt})
)`;

const lastMessage = sql<string | null>`(
  select json_object('author', ${chatMessages.author}, 'body', substr(${chatMessages.body}, 1, 140))
  from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id}
  order by ${chatMessages.createdAt} desc, ${chatMessages.id} desc limit 1
)`;

/** Whether a team message is newer than the visitor's panel last showed (0 or 1). */
const replyUnread = sql<number>`exists (
  select 1 from ${chatMessages}
  where ${chatMessages.conversationId} = ${chatConversations.id}
    and ${chatMessages.author} = 'staff'
    and (${chatConversations.visitorReadAt} is null or ${chatMessages.createdAt} > ${chatConversations.visitorReadAt})
)`;

const listColumns = {
  id: chatConversations.id,
  status: chatConversations.status,
  name: chatConversations.name,
  email: chatConversations.email,
  page: chatConversations.page,
  offline: chatConversations.offline,
  createdAt: chatConversations.createdAt,
  lastMessageAt: chatConversations.lastMessageAt,
  waitingSince: chatConversations.waitingSince,
  staffReadAt: chatConversations.staffReadAt,
  visitorReadAt: chatConversations.visitorReadAt,
  replyUnread,
  assignedTo: chatConversations.assignedTo,
  assignedName: users.username,
  clientId: chatConversations.clientId,
  clientName: clients.name,
  leadId: chatConversations.leadId,
  leadName: contactSubmissions.name,
  unread: unreadCount,
  lastMessage,
};

type ListRow = {
  [K in keyof typeof listColumns]: unknown;
} & {
  id: string;
  lastMessageAt: Date;
  createdAt: Date;
  waitingSince: Date | null;
  staffReadAt: Date | null;
  visitorReadAt: Date | null;
  lastMessage: string | null;
};

/**
 * A conversation as the staff list shows it at `now`: with `reach`, how the visitor can be reached
 * (`chatReach`), and `replyUnread`, whether the visitor has not yet seen the team's last reply.
 */
function listItem(row: ListRow, now: Date) {
  const email = (row.email as string | null) ?? null;
  return {
    id: row.id,
    status: row.status as ChatStatus,
    name: row.name as string | null,
    email,
    page: row.page as string | null,
    offline: row.offline as boolean,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    waitingSince: row.waitingSince?.toISOString() ?? null,
    staffReadAt: row.staffReadAt?.toISOString() ?? null,
    visitorReadAt: row.visitorReadAt?.toISOString() ?? null,
    reach: chatReach({ email, visitorReadAt: row.visitorReadAt }, now.getTime()),
    replyUnread: Number(row.replyUnread) === 1,
    assignedTo: row.assignedTo as string | null,
    assignedName: row.assignedName as string | null,
    clientId: row.clientId as string | null,
    clientName: row.clientName as string | null,
    leadId: row.leadId as string | null,
    leadName: row.leadName as string | null,
    unread: Number(row.unread),
    lastMessage: row.lastMessage
      ? (JSON.parse(row.lastMessage) as { author: 'visitor' | 'staff'; body: string })
      : null,
  };
}

/** A page cursor: the last item's `lastMessageAt` (ms) and id. */
function encodeCursor(item: { lastMessageAt: Date; id: string }): string {
  return Buffer.from(`${item.lastMessageAt.getTime()}:${item.id}`).toString('base64url');
}
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (!at || !id || !/^\d{1,15}$/.test(at)) throw new InvalidFieldError('cursor', 'Invalid cursor');
  return { at: new Date(Number(at)), id };
}

/**
 * One page of conversations for staff, the most recent message first, optionally of one status:
 * `{ items, nextCursor, total }` as the other staff lists (docs/product.md#lists).
 * InvalidFieldError('cursor') for a cursor this list did not make.
 */
export async function listChats(db: Database, query: ChatListQuery, now = new Date()) {
  const status = query.status ? eq(chatConversations.status, query.status) : undefined;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const page = after
    ? or(
        lt(chatConversations.lastMessageAt, after.at),
        and(eq(chatConversations.lastMessageAt, after.at), lt(chatConversations.id, after.id)),
      )
    : undefined;
  const rows = (await db.read
    .select(listColumns)
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.assignedTo))
    .leftJoin(clients, eq(clients.id, chatConversations.clientId))
    .leftJoin(contactSubmissions, eq(contactSubmissions.id, chatConversations.leadId))
    .where(and(status, page))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(query.limit + 1)) as ListRow[];
  const [counted] = await db.read
    .select({ total: sql<number>`count(*)` })
    .from(chatConversations)
    .where(status);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => listItem(row, now)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    total: Number(counted?.total ?? 0),
  };
}

/** How many conversations wait for a first answer, and how many visitor messages are unread. */
export async function chatCounts(db: Database) {
  const [row] = await db.read
    .select({
      waiting: sql<number>`coalesce(sum(${chatConversations.status} = 'waiting'), 0)`,
      unread: sql<number>`coalesce(sum(case when ${chatConversations.status} != 'closed' then ${unreadCount} else 0 end), 0)`,
    })
    .from(chatConversations);
  return { waiting: Number(row?.waiting ?? 0), unread: Number(row?.unread ?? 0) };
}

/** One conversation for staff: the list item and every message. NotFoundError when missing. */
export async function chatDetail(db: Database, id: string, now = new Date()) {
  const [row] = (await db.read
    .select(listColumns)
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.assignedTo))
    .leftJoin(clients, eq(clients.id, chatConversations.clientId))
    .leftJoin(contactSubmissions, eq(contactSubmissions.id, chatConversations.leadId))
    .where(eq(chatConversations.id, id))) as ListRow[];
  if (!row) throw new NotFoundError('Conversation not found');
  return { ...listItem(row, now), messages: (await messagesOf(db.read, id)).map(messageJson) };
}
