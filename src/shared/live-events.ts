/**
 * The live events, one definition for the server that records them and the browsers that follow
 * them (docs/product.md#live-updates, #live-chat and #urgent-lead-alert;
 * docs/decisions/0009-live-updates.md, 0024-event-log-and-leases.md, 0029-live-chat.md).
 *
 * - `BrowserEvent` is every event of the event log a browser may receive: the server's own
 *   `LiveEvent` (src/server/services/events/events.ts) is this union plus one internal event.
 * - A stream sends each event as `event: {type}` with the rest of the event as JSON data
 *   (src/server/live/stream.ts). What each stream carries: `StaffStreamEvent` (the dashboard,
 *   GET /api/admin/stream: every event whole), `ClientStreamEvent` (the portal, GET
 *   /api/client/stream: only its own projects' events, each with just the project's id) and
 *   `VisitorStreamEvent` (the chat panel, GET /api/chat/stream: its conversation's events, less
 *   the visitor's own typing). Each stream also sends `ready` and `reset` (`StreamControl`).
 * - `listen` reads a stream in the browser with these types.
 */

/** A chat message as the API and the streams carry it (docs/product.md#live-chat). */
export interface ChatMessageJson {
  id: string;
  conversationId: string;
  author: 'visitor' | 'staff';
  /** The staff member's display name; null for the visitor. */
  staffName: string | null;
  body: string;
  /** Typed in the chat, or a reply to one of its emails (docs/product.md#email-replies). */
  via: 'portal' | 'email';
  /** ISO 8601. */
  createdAt: string;
}

/** A chat's state: `waiting` for the team, `open` once answered or taken, then `closed`. */
export type ChatStatus = 'waiting' | 'open' | 'closed';

/** What happened on a project, for whom: each names the project and its client. */
export type ProjectEvent =
  /** A new message on a project, from the client or from the team. */
  | { type: 'message'; projectId: string; clientId: string; communicationId: string; fromClient: boolean }
  /** Messages of a project were marked read or unread. */
  | { type: 'message-read'; projectId: string; clientId: string }
  /** A project, or one of its milestones, was created, changed or deleted. */
  | { type: 'project-updated'; projectId: string; clientId: string };

/**
 * An urgent lead was stored (docs/product.md#urgent-lead-alert): every signed-in dashboard shows
 * an alert naming it and linking to its page. Staff only.
 */
export interface LeadUrgentEvent {
  type: 'lead-urgent';
  leadId: string;
  name: string;
  source: string;
}

/**
 * What happened in a live chat (docs/product.md#live-chat): seen by the staff and by the
 * conversation's visitor.
 */
export type ChatEvent =
  /** A new message, whole, so that a screen shows it without asking again. */
  | { type: 'chat-message'; conversationId: string; message: ChatMessageJson }
  /** One side is typing (at most one such event every 2 seconds per side). */
  | { type: 'chat-typing'; conversationId: string; author: 'visitor' | 'staff' }
  /** Staff read the conversation up to `staffReadAt` (ISO 8601): the visitor sees 'Seen'. */
  | { type: 'chat-read'; conversationId: string; staffReadAt: string }
  /** The conversation's status, assignment or links changed. */
  | { type: 'chat-updated'; conversationId: string; status: ChatStatus };

/**
 * A proposal was created, changed, sent, viewed, decided or withdrawn (docs/product.md#proposals):
 * the staff's lists, the lead board and the client's page show it at once. `clientId` is the
 * client it was sent to (its members' portals follow it too), null while only staff may see it
 * (a draft); `leadId` is the lead it was written for, if any.
 */
interface ProposalEvent {
  type: 'proposal-updated';
  proposalId: string;
  clientId: string | null;
  leadId: string | null;
}

/**
 * An invoice was drafted, changed, issued, paid, refunded or voided, or a plan's state changed
 * (docs/product.md#invoices): the staff's lists and finance summary and the client's billing
 * page show it at once. `clientId` is null while only staff may see it (a draft); the client's
 * `owner` and `billing` members follow it once it is issued.
 */
interface InvoiceEvent {
  type: 'invoice-updated';
  invoiceId: string | null;
  clientId: string | null;
}

/**
 * A booked call was made, moved or cancelled (docs/product.md#bookings): the staff's week view
 * shows it at once. Staff only; `hostId` is the staff member it is with.
 */
interface BookingEvent {
  type: 'booking-updated';
  bookingId: string;
  hostId: string;
}

/** Every event of the event log that a browser may receive. */
export type BrowserEvent = ProjectEvent | LeadUrgentEvent | ChatEvent | ProposalEvent | InvoiceEvent | BookingEvent;

/**
 * A stream's own events (docs/product.md#live-updates), data `{}`: `ready` first on a new stream,
 * its id where the stream starts; `reset` when the missed events cannot be sent again (the page
 * reads what it shows again).
 */
export type StreamControl = { type: 'ready' } | { type: 'reset' };

/** What the staff's stream carries: every event whole. */
export type StaffStreamEvent = BrowserEvent | StreamControl;

/**
 * What a client's stream carries: its own projects' events, each with just the project's id, and
 * its proposals' changes, each with just the proposal's id.
 */
export type ClientStreamEvent =
  | { [T in ProjectEvent['type']]: { type: T; projectId: string } }[ProjectEvent['type']]
  | { type: 'proposal-updated'; proposalId: string }
  | { type: 'invoice-updated'; invoiceId: string | null }
  | StreamControl;

/** What a chat visitor's stream carries: its conversation's events; typing only the team's. */
export type VisitorStreamEvent =
  | Exclude<ChatEvent, { type: 'chat-typing' }>
  | { type: 'chat-typing'; conversationId: string; author: 'staff' }
  | StreamControl;

/** `names` when it lists every name of `T`; never (a type error where it is assigned) when one is missing. */
type Every<T extends string, Names extends readonly T[]> = [Exclude<T, Names[number]>] extends [never] ? Names : never;

const projectEventTypes = ['message', 'message-read', 'project-updated'] as const;
/** Every project event's type, for a browser to listen to each. */
export const PROJECT_EVENT_TYPES: Every<ProjectEvent['type'], typeof projectEventTypes> = projectEventTypes;

const chatEventTypes = ['chat-message', 'chat-typing', 'chat-read', 'chat-updated'] as const;
/** Every chat event's type, for a browser to listen to each. */
export const CHAT_EVENT_TYPES: Every<ChatEvent['type'], typeof chatEventTypes> = chatEventTypes;

/**
 * Typed listening on `source`, an EventSource on a stream that carries the events `E` (one of the
 * stream types above). It returns `on(type, handler)`, which calls `handler` with each `type`
 * event as the stream meant it (`{type, ...data}`) and the event's id ('' when it has none).
 * The data is parsed as JSON, as the server wrote it; it is not checked again here.
 */
export function listen<E extends { type: string }>(source: EventSource) {
  return <T extends E['type']>(type: T, handler: (event: Extract<E, { type: T }>, id: string) => void): void =>
    source.addEventListener(type, (message) => {
      const event: Extract<E, { type: T }> = { ...JSON.parse(message.data), type };
      handler(event, message.lastEventId);
    });
}
