/**
 * Live chat for staff under /api/admin (docs/product.md#live-chat), behind the staff guard:
 *
 * - GET /chats?status=&limit=&cursor= → {items, nextCursor, total}, the most recent first; each
 *   with its unread count, the visitor's page and first-seen time, and the linked client or lead.
 * - GET /chats/counts → {waiting, unread} (the tab's badge and the browser tab's title).
 * - GET /chats/:id → the item and its messages. 404 when missing.
 * - POST /chats/:id/messages {body} → 201 {message}: the reply; the conversation is answered and
 *   read, and an offline visitor is emailed the reply.
 * - POST /chats/:id/read → 204: read now (the visitor sees 'Seen').
 * - POST /chats/:id/typing → 204 (at most one event every 2 s is recorded).
 * - PATCH /chats/:id {assignToMe?, status?} → the conversation: take it, close it, open it again.
 * - POST /chats/:id/convert {} | {leadId} | {clientId} → the conversation: 'Convert to lead',
 *   or a link to an existing lead or client.
 * - POST /presence {away?} → {online, away}: the dashboard's heartbeat (every 30 s).
 */
import { Hono } from 'hono';
import {
  chatConvertSchema,
  chatListQuery,
  chatUpdateSchema,
  presenceSchema,
  staffChatMessageSchema,
} from '../../../shared/schemas/chat.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { chatOnline, recordTyping, staffAway, staffHeartbeat } from '../../services/chat/presence.ts';
import { chatCounts, chatDetail, listChats } from '../../services/chat/staff-list.ts';
import { convertChat, markChatRead, postStaffMessage, updateChat } from '../../services/chat/staff.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffChatRoutes(deps: AppDeps) {
  const { db, env } = deps;
  return new Hono<SessionEnv<'staff'>>()
    .get('/chats', validate('query', chatListQuery), async (c) => c.json(await listChats(db, c.req.valid('query'))))
    .get('/chats/counts', async (c) => c.json(await chatCounts(db)))
    .get('/chats/:id', validate('param', idParam), async (c) => c.json(await chatDetail(db, c.req.valid('param').id)))
    .post('/chats/:id/messages', validate('param', idParam), validate('json', staffChatMessageSchema), async (c) => {
      const message = await postStaffMessage(
        db,
        c.req.valid('param').id,
        c.var.user,
        c.req.valid('json').body,
        new Date(),
        env.SITE_URL,
        env.INBOUND_DOMAIN,
      );
      return c.json({ message }, 201);
    })
    .post('/chats/:id/read', validate('param', idParam), async (c) => {
      await markChatRead(db, c.req.valid('param').id, new Date());
      return c.body(null, 204);
    })
    .post('/chats/:id/typing', validate('param', idParam), async (c) => {
      await recordTyping(db, c.req.valid('param').id, 'staff', new Date());
      return c.body(null, 204);
    })
    .patch('/chats/:id', validate('param', idParam), validate('json', chatUpdateSchema), async (c) =>
      c.json(await updateChat(db, c.req.valid('param').id, c.var.user, c.req.valid('json'), new Date())),
    )
    .post('/chats/:id/convert', validate('param', idParam), validate('json', chatConvertSchema), async (c) =>
      c.json(await convertChat(db, c.req.valid('param').id, c.var.user, c.req.valid('json'), new Date())),
    )
    .post('/presence', validate('json', presenceSchema), async (c) => {
      const now = new Date();
      await staffHeartbeat(db, c.var.user.id, now, c.req.valid('json').away);
      return c.json({ online: await chatOnline(db, env, now), away: await staffAway(db, c.var.user.id) });
    });
}
