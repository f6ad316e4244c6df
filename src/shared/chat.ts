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
