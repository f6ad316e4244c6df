/**
 * Live chat's constants shared by the server and the visitor's chat panel
 * (docs/product.md#live-chat). Free of any library, so that the panel's bundle stays small.
 */

/** The longest message, in characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** The least time between two typing events of one side, in milliseconds. */
export const TYPING_EVERY_MS = 2000;
/** How long a typing indicator stays without a new typing event, in milliseconds. */
export const TYPING_CLEARS_AFTER_MS = 6000;

/** What the panel says before the first message, by whether someone is online. */
export const CHAT_ONLINE_TEXT = 'Usually replies in a few minutes';
export const CHAT_OFFLINE_TEXT = "We're offline — leave your email and we'll reply by email";

/** The messages of the chat's limits (429 answers), shown in the panel as they are. */
export const CHAT_LIMIT_MESSAGES = {
  conversations: 'You have started several chats in the last hour. Please wait a little, or call us if it is urgent.',
  messages: 'You are sending messages faster than we can read them. Please wait a moment and send again.',
  transcripts: 'We have already emailed this conversation three times today. Please try again tomorrow.',
} as const;

/**
 * A visitor whose chat panel showed the team's messages this recently is on the site now, in
 * milliseconds (90 s: three of the open panel's reports, VISITOR_HEARTBEAT_MS, as staff presence).
 */
export const VISITOR_HERE_MS = 90_000;
/** How often an open, visible chat panel tells the server it shows the conversation: 30 s, in ms. */
export const VISITOR_HEARTBEAT_MS = 30_000;
/** How long a team reply may stay unread before the panel asks for an email: 60 s, in ms. */
export const REPLY_UNREAD_ASK_MS = 60_000;

/** How staff can reach a chat's visitor: on the site now, by email, or not at all. */
export type ChatReach = 'here' | 'email' | 'none';

/** What staff read for each way of reaching the visitor (docs/product.md#live-chat). */
export const CHAT_REACH_TEXT: Record<ChatReach, string> = {
  here: 'Visitor is here now',
  email: 'Reachable by email',
  none: 'Not reachable: no email yet',
};

/**
 * How staff can reach a chat's visitor at `now` (ms since the epoch): 'here' while the visitor's
 * panel showed the conversation within VISITOR_HERE_MS, else 'email' when the conversation has
 * an address (given, or a signed-in client's), else 'none' (docs/product.md#live-chat).
 * @param visitorReadAt ISO time or Date when the visitor's panel last showed the conversation
 */
export function chatReach(chat: { email: string | null; visitorReadAt: string | Date | null }, now: number): ChatReach {
  const readAt = chat.visitorReadAt === null ? Number.NaN : new Date(chat.visitorReadAt).getTime();
  if (now - readAt < VISITOR_HERE_MS) return 'here';
  return chat.email ? 'email' : 'none';
}
