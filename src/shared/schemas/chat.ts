/**
 * Live chat's request bodies (docs/product.md#live-chat), checked by the API. The visitor's
 * panel checks the same bounds with the browser's own form validation (maxlength, type=email),
 * so that it loads no schema library.
 */
import { CHAT_MESSAGE_MAX } from '../chat.ts';
import { z } from '../zod.ts';
import { emailField, NAME_MAX, requiredText } from './fields.ts';

/** A message's text: 1 to CHAT_MESSAGE_MAX characters once trimmed. */
const chatBody = requiredText('Message', CHAT_MESSAGE_MAX);

/** An optional field: an empty string counts as left out. */
const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** POST /api/chat/messages: the visitor's message, with an email and name when given. */
export const visitorMessageSchema = z.object({
  body: chatBody,
  email: z.preprocess(blankAsUndefined, emailField.optional()),
  name: z.preprocess(blankAsUndefined, requiredText('Name', NAME_MAX).optional()),
  /** The path of the page the panel is open on (kept with a new conversation). */
  page: z.string().max(300).startsWith('/').optional(),
  /** The honeypot no person sees (docs/product.md#security). */
  fax: z.string().max(500).optional(),
});

/** POST /api/admin/chats/{id}/messages. */
export const staffChatMessageSchema = z.object({ body: chatBody });

/**
 * PATCH /api/admin/chats/{id}: take it, close it or open it again; `confirmUnreachable` closes a
 * chat whose visitor cannot be reached (docs/product.md#live-chat).
 */
export const chatUpdateSchema = z
  .object({
    assignToMe: z.literal(true).optional(),
    status: z.enum(['open', 'closed'], { error: 'Status must be open or closed' }).optional(),
    confirmUnreachable: z.literal(true).optional(),
  })
  .refine((v) => v.assignToMe !== undefined || v.status !== undefined, { error: 'Nothing to change' });

/** POST /api/admin/chats/{id}/convert: a new lead from it, or a link to a lead or a client. */
export const chatConvertSchema = z.union([
  z.object({ leadId: z.string().min(1).max(100) }).strict(),
  z.object({ clientId: z.string().min(1).max(100) }).strict(),
  z.object({}).strict(),
]);

/** POST /api/admin/presence: a heartbeat; `away` sets or clears the staff member's away state. */
export const presenceSchema = z.object({ away: z.boolean().optional() });

/** GET /api/admin/chats: which conversations, and the page. */
export const chatListQuery = z.object({
  status: z.enum(['waiting', 'open', 'closed'], { error: 'Unknown status' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type ChatListQuery = z.infer<typeof chatListQuery>;

/** POST /api/chat/reply-email: where the team's replies go once the visitor has left. */
export const replyEmailSchema = z.object({ email: emailField });

/** POST /api/chat/transcript: where to email the conversation. */
export const transcriptRequestSchema = z.object({ email: emailField });

/** POST /api/chat/confirm-email: the token from the confirmation email. */
export const confirmEmailSchema = z.object({ token: z.string().min(10).max(200) });
