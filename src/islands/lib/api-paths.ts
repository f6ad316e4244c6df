/**
 * API addresses for the scripts too small to carry the typed client (docs/product.md#api): the
 * visitor's chat panel and the chat-confirmation page (src/chat/, which must stay a small file:
 * docs/decisions/0029-live-chat.md) and the cookie banner, a script inlined into every page
 * (src/scripts/cookie-banner.ts). The typed client (lib/api.ts) costs about 2 KB gzip of
 * hono/client; these are plain strings.
 *
 * Each address is checked by the compiler against the typed client's own route types: it must be
 * exactly what `api.….$path()` gives for that route, so a route renamed or removed on the server
 * fails the typecheck here. Nothing of hono/client is bundled: the check is types only.
 *
 * Other browser code asks the typed client itself (`api.….$path()`), and no other module writes an
 * API address (api-paths.test.ts).
 */
import type { hc } from 'hono/client';
import type { ApiType } from '../../server/app.ts';

/** The typed client's routes under /api, as types only (the value is lib/api.ts's `api`). */
type Routes = ReturnType<typeof hc<ApiType>>['api'];

/** The address the typed client gives for a route without parameters (`route.$path()`). */
type PathOf<Route extends { $path: () => string }> = ReturnType<Route['$path']>;

type Chat = Routes['chat'];

/**
 * The visitor chat's routes (docs/product.md#live-chat), each the path the typed client gives:
 * `status` and `conversation` (GET), `stream` (the EventSource), and the POSTs `messages`,
 * `typing`, `read`, `replyEmail`, `transcript` and `confirmEmail`.
 */
export const chatPaths = {
  status: '/api/chat/status',
  conversation: '/api/chat/conversation',
  stream: '/api/chat/stream',
  messages: '/api/chat/messages',
  typing: '/api/chat/typing',
  read: '/api/chat/read',
  replyEmail: '/api/chat/reply-email',
  transcript: '/api/chat/transcript',
  confirmEmail: '/api/chat/confirm-email',
} as const satisfies {
  status: PathOf<Chat['status']>;
  conversation: PathOf<Chat['conversation']>;
  stream: PathOf<Chat['stream']>;
  messages: PathOf<Chat['messages']>;
  typing: PathOf<Chat['typing']>;
  read: PathOf<Chat['read']>;
  replyEmail: PathOf<Chat['reply-email']>;
  transcript: PathOf<Chat['transcript']>;
  confirmEmail: PathOf<Chat['confirm-email']>;
};

/** POST: a visitor's analytics choice, recorded with the words' version (docs/product.md#privacy). */
export const consentPath = '/api/consent' satisfies PathOf<Routes['consent']>;
