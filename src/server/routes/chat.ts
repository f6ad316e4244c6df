/**
 * The visitor's side of live chat under /api/chat (docs/product.md#live-chat):
 *
 * - GET /status → {online}: whether someone can answer now (presence and CHAT_HOURS).
 * - GET /conversation → {conversation}: the visitor's latest conversation with its messages, or
 *   null before the first message.
 * - POST /messages {body, email?, name?, page?} → 201 {conversationId, message}. The first one
 *   sets the visitor cookie `chat_visitor` (an opaque 160-bit token, httpOnly, SameSite=Lax,
 *   stored only as its SHA-256). A signed-in portal client's conversation is tied to the account
 *   through the session. A new conversation while nobody is online needs an email (422) and
 *   becomes a lead. 429 with Retry-After past CHAT_CONVERSATIONS_PER_HOUR (5) new conversations
 *   an hour or CHAT_MESSAGES_PER_MINUTE (30) messages a minute, per address and per token; a
 *   filled honeypot gets 201 and nothing is stored.
 * - GET /stream: the conversation's events as Server-Sent Events (`chat-message`,
 *   `chat-typing`, `chat-read`, `chat-updated`), resumable with Last-Event-ID; 404 before the
 *   first message.
 * - POST /typing → 204: the visitor is typing (at most one event every 2 s is recorded).
 * - POST /read → 200 {visitorReadAt}: the panel shows the conversation now (the team's messages
 *   are read; staff see the visitor as here); sent on opening, on a new team message and every
 *   30 s while the panel is open and in view. 404 before the first message.
 * - POST /reply-email {email} → 200 {email, emailed}: 'Get the reply by email': the team's
 *   replies go to this address once the visitor has left; unread ones are sent at once. 409 for a
 *   closed conversation, 404 before the first message.
 * - POST /transcript {email} → 202 {sent: 'transcript' | 'confirmation'}: the transcript, to a
 *   confirmed address only (else a confirmation link first); 3 a conversation a day.
 * - POST /confirm-email {token} → 200 {confirmed: true}, or 410 for a link used or expired.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CHAT_LIMIT_MESSAGES } from '../../shared/chat.ts';
import {
  confirmEmailSchema,
  replyEmailSchema,
  transcriptRequestSchema,
  visitorMessageSchema,
} from '../../shared/schemas/chat.ts';
import { setAppCookie } from '../middleware/cookies.ts';
import { currentClient } from '../middleware/identity.ts';
import { hashSecretHex } from '../services/sign-in/tokens.ts';
import { clientAddress, type ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { eventStream } from '../live/stream.ts';
import { createLimiter } from '../middleware/rate-limit.ts';
import { newChatToken } from '../services/chat/common.ts';
import { chatOnline, recordTyping } from '../services/chat/presence.ts';
import { confirmChatEmail, requestTranscript } from '../services/chat/transcripts.ts';
import {
  giveReplyEmail,
  latestConversation,
  markVisitorRead,
  postVisitorMessage,
  startsConversation,
  visitorView,
  type VisitorIdentity,
} from '../services/chat/visitor.ts';
import { validate } from '../validation.ts';

/** The visitor cookie's name. */
const VISITOR_COOKIE = 'chat_visitor';
/** How long the visitor cookie lasts: 90 days, in seconds. */
const VISITOR_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

/** The visitor's token from the cookie, when it has the shape this API gives. */
function visitorToken(c: Context<ApiEnv>): string | null {
  const token = getCookie(c, VISITOR_COOKIE);
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

/** Who is calling: the cookie's token hash (null without one) and the signed-in client. */
async function identify(c: Context<ApiEnv>): Promise<{ token: string | null; identity: VisitorIdentity | null }> {
  const token = visitorToken(c);
  const client = await currentClient(c);
  if (!token && !client) return { token: null, identity: null };
  // A signed-in client without a cookie yet is found by the account alone.
  return { token, identity: { tokenHash: token ? hashSecretHex(token) : '', clientId: client?.clientId ?? null } };
}

export function chatRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const conversations = createLimiter(db, {
    name: 'chat-conversation',
    points: env.CHAT_CONVERSATIONS_PER_HOUR,
    durationSeconds: 3600,
    message: CHAT_LIMIT_MESSAGES.conversations,
  });
  const messages = createLimiter(db, {
    name: 'chat-message',
    points: env.CHAT_MESSAGES_PER_MINUTE,
    durationSeconds: 60,
    message: CHAT_LIMIT_MESSAGES.messages,
  });
  const transcripts = createLimiter(db, {
    name: 'chat-transcript',
    points: 3,
    durationSeconds: 24 * 3600,
    message: CHAT_LIMIT_MESSAGES.transcripts,
  });
  const confirmLink = (token: string) => new URL(`/chat/confirm#token=${token}`, env.SITE_URL).href;

  /** The caller's conversation, or 404. */
  const conversationOf = async (c: Context<ApiEnv>) => {
    const { identity } = await identify(c);
    const conversation = identity ? await latestConversation(db.read, identity) : null;
    if (!conversation) throw new NotFoundError('No conversation yet');
    return conversation;
  };

  return new Hono<ApiEnv>()
    .get('/status', async (c) => c.json({ online: await chatOnline(db, env, new Date()) }))
    .get('/conversation', async (c) => {
      const { identity } = await identify(c);
      const conversation = identity ? await latestConversation(db.read, identity) : null;
      return c.json({ conversation: conversation ? await visitorView(db.read, conversation) : null });
    })
    .post('/messages', validate('json', visitorMessageSchema), async (c) => {
      const input = c.req.valid('json');
      const now = new Date();
      if (input.fax && input.fax.trim() !== '') {
        // A bot filled the field no person sees: the same answer, nothing stored.
        const conversationId = crypto.randomUUID();
        const message = {
          id: crypto.randomUUID(),
          conversationId,
          author: 'visitor' as const,
          staffName: null,
          body: input.body,
          createdAt: now.toISOString(),
        };
        return c.json({ conversationId, message }, 201);
      }
      let { token, identity } = await identify(c);
      if (!token) token = newChatToken();
      identity = { tokenHash: hashSecretHex(token), clientId: identity?.clientId ?? null };
      const address = clientAddress(c);
      if (await startsConversation(db, identity)) {
        await conversations.consume(`ip:${address}`);
        await conversations.consume(`token:${identity.tokenHash}`);
      }
      await messages.consume(`ip:${address}`);
      await messages.consume(`token:${identity.tokenHash}`);
      const online = await chatOnline(db, env, now);
      const { conversation, message } = await postVisitorMessage(db, identity, { ...input, online, now });
      setAppCookie(c, VISITOR_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api/chat',
        maxAge: VISITOR_COOKIE_MAX_AGE_S,
      });
      return c.json({ conversationId: conversation.id, message }, 201);
    })
    .get('/stream', async (c) => {
      const conversation = await conversationOf(c);
      const id = conversation.id;
      return eventStream(c, {
        audience: { conversationId: id },
        // The visitor sees the messages, staff typing, 'Seen' and the status; not its own typing.
        forward: (event) => {
          if (!('conversationId' in event) || event.conversationId !== id) return null;
          if (event.type === 'chat-typing' && event.author === 'visitor') return null;
          const { type: _type, ...data } = event;
          return data;
        },
        stillValid: async () =>
          (
            await latestConversation(db.read, {
              tokenHash: conversation.visitorTokenHash,
              clientId: conversation.clientId,
            })
          )?.id === id,
      });
    })
    .post('/typing', async (c) => {
      const conversation = await conversationOf(c);
      await recordTyping(db, conversation.id, 'visitor', new Date());
      return c.body(null, 204);
    })
    .post('/read', async (c) => {
      const readAt = await markVisitorRead(db, await conversationOf(c), new Date());
      return c.json({ visitorReadAt: readAt?.toISOString() ?? null });
    })
    .post('/reply-email', validate('json', replyEmailSchema), async (c) => {
      const conversation = await conversationOf(c);
      await messages.consume(`token:${conversation.visitorTokenHash}`);
      return c.json(
        await giveReplyEmail(db, conversation.id, c.req.valid('json').email, {
          now: new Date(),
          siteUrl: env.SITE_URL,
        }),
      );
    })
    .post('/transcript', validate('json', transcriptRequestSchema), async (c) => {
      const conversation = await conversationOf(c);
      await transcripts.consume(conversation.id);
      const sent = await requestTranscript(db, conversation.id, c.req.valid('json').email, {
        now: new Date(),
        timeZone: env.SITE_TIME_ZONE,
        confirmLink,
      });
      return c.json({ sent }, 202);
    })
    .post('/confirm-email', validate('json', confirmEmailSchema), async (c) => {
      const confirmed = await confirmChatEmail(db, c.req.valid('json').token, new Date(), env.SITE_TIME_ZONE);
      if (!confirmed) {
        throw new AppError(
          410,
          'link_expired',
          'This link has expired or was already used. Ask for the transcript again from the chat.',
        );
      }
      return c.json({ confirmed: true });
    });
}
