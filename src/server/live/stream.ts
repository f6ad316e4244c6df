/**
 * One browser's event stream (docs/product.md#live-updates; ADR 0009, ADR 0024): a Server-Sent
 * Events answer that forwards the event log's events the caller may see, as `id: {event id}`
 * `event: {type}` with JSON data, until the caller leaves or its session ends. A signed-in area's
 * stream (`liveStream`) checks its session; a chat visitor's (`eventStream`) its conversation.
 *
 * - It starts with a `retry:` hint. A request that names the last event it saw (the
 *   `Last-Event-ID` header, or `?lastEventId=` for a browser that opens a new EventSource) gets
 *   every event after it first, whichever process wrote them; when that cannot be told exactly
 *   (the events were pruned, or over REPLAY_MAX of them), `event: reset` says to reload instead.
 *   A request without one gets `event: ready`, whose id is where the stream starts.
 * - It sends a comment (`: ping`) every heartbeat (25 s), so proxies keep the connection open.
 *   Before each heartbeat the session is validated again, which catches a revocation or an
 *   expiry; a `session-ended` event for the stream's user does the same at once. An invalid
 *   session closes the stream.
 * - It unsubscribes from the event tail when it ends for any reason: the client went away (the
 *   stream's abort, or the request's signal), the session ended, or a write failed.
 * - `Cache-Control: no-cache` and `X-Accel-Buffering: no` keep proxies from holding events back.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { sessionStillValid } from '../middleware/identity.ts';
import type { SessionEnv } from '../context.ts';
import type { LiveEvent, StoredEvent, AudienceFilter } from '../services/events/events.ts';
import {
  chatAudience,
  clientAudience,
  eventIdRange,
  INTERNAL_AUDIENCE,
  readEventsAfter,
} from '../services/events/events.ts';
import type { SessionKind, SessionOwner } from '../services/sign-in/sessions.ts';
import { log } from '../log.ts';

/** Between two heartbeats (and session checks): 25 seconds, under common 30–60 s proxy timeouts. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it reconnects on its own (the `retry:` hint). */
const RETRY_MS = 2_000;
/** The most events a reconnecting stream is sent again; past it the browser reloads (`reset`). */
const REPLAY_MAX = 1_000;

/** An event a browser may receive: every type but the internal `session-ended`. */
export type BrowserEvent = Exclude<LiveEvent, { type: 'session-ended' }>;

/** Whether `event` is for the readers `filter` names. */
function isFor(event: StoredEvent, filter: AudienceFilter): boolean {
  if ('staff' in filter) return event.audience !== INTERNAL_AUDIENCE;
  if ('clientId' in filter) return event.audience === clientAudience(filter.clientId);
  if ('conversationId' in filter) return event.audience === chatAudience(filter.conversationId);
  return true;
}

/** The event id the request says it saw last, or null (absent or not a whole number ≥ 0). */
function lastSeenId(c: Context): number | null {
  const text = c.req.header('last-event-id') ?? c.req.query('lastEventId');
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/**
 * Answers the request with the stream of `kind`'s signed-in user (behind requireSession(kind)),
 * carrying the events of `audience`. `forward` picks what the caller sees of an event, given the
 * user as last read (a client member's role may change while the stream is open: each check of
 * the session reads it again): the JSON data to send, or null to skip it.
 */
export function liveStream<K extends SessionKind>(
  c: Context<SessionEnv<K>>,
  kind: K,
  audience: AudienceFilter,
  forward: (event: BrowserEvent, user: SessionOwner[K]) => object | null,
): Response {
  const { id: sessionId, userId } = c.var.session;
  let user = c.var.user;
  return eventStream(c, {
    audience,
    forward: (event) => forward(event, user),
    stillValid: async () => {
      const current = await sessionStillValid(c, kind, sessionId);
      if (current) user = current;
      return current !== null;
    },
    endsWith: (event) => event.kind === kind && event.userId === userId,
  });
}

/** What an event stream carries and how long it lasts. */
export interface EventStreamOptions {
  /** Whose events. */
  audience: AudienceFilter;
  /** What the caller sees of an event: the JSON data to send, or null to skip it. */
  forward: (event: BrowserEvent) => object | null;
  /** Asked at each heartbeat (and after `endsWith`): false closes the stream. */
  stillValid: () => Promise<boolean>;
  /** Whether a `session-ended` event may concern this stream (then `stillValid` is asked at once). */
  endsWith?: (event: Extract<LiveEvent, { type: 'session-ended' }>) => boolean;
}

/**
 * Answers the request with a stream of the events of `options.audience`, as described above:
 * the signed-in areas' streams (liveStream) and a chat visitor's (routes/chat.ts).
 */
export function eventStream(c: Context, options: EventStreamOptions): Response {
  const { audience, forward } = options;
  const { events, db, live } = (c as Context<SessionEnv<SessionKind>>).var.deps;
  const heartbeatMs = live?.heartbeatMs ?? HEARTBEAT_MS;
  const resumeAfter = lastSeenId(c);
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let closed = false;
    let ended!: () => void;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const finish = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      ended();
    };

    // Writes and checks run one after the other, in the order they were asked for.
    let queue = Promise.resolve();
    const enqueue = (step: () => Promise<void>) => {
      queue = queue
        .then(() => (closed ? undefined : step()))
        .catch((error: unknown) => {
          log.error({ component: 'live', err: error }, 'stream step failed');
          finish();
        });
    };
    const checkSession = async () => {
      if (!(await options.stillValid())) finish();
    };
    // Hono's writes swallow errors: a write to a stream the client left marks it aborted instead.
    const write = async (text: string) => {
      await stream.write(text);
      if (stream.aborted) finish();
    };
    // The highest event id this stream has sent (or decided not to); later ones only go out.
    let sentUpTo = events.lastId;
    const send = async (event: StoredEvent) => {
      if (event.id <= sentUpTo) return;
      sentUpTo = event.id;
      const { id, audience: _audience, ...change } = event;
      const data = change.type === 'session-ended' ? null : forward(change);
      if (data) await write(`id: ${id}\nevent: ${change.type}\ndata: ${JSON.stringify(data)}\n\n`);
    };

    const unsubscribe = events.subscribe((event) => {
      if (event.type === 'session-ended') {
        if (options.endsWith?.(event)) enqueue(checkSession);
        return;
      }
      if (isFor(event, audience)) enqueue(() => send(event));
    });
    const heartbeat = setInterval(
      () =>
        enqueue(async () => {
          await checkSession();
          if (!closed) await write(': ping\n\n');
        }),
      heartbeatMs,
    );
    stream.onAbort(finish);
    const signal = c.req.raw.signal;
    if (signal.aborted) finish();
    else signal.addEventListener('abort', finish, { once: true });

    enqueue(() => write(`retry: ${RETRY_MS}\n\n`));
    if (resumeAfter === null) {
      enqueue(() => write(`id: ${sentUpTo}\nevent: ready\ndata: {}\n\n`));
    } else {
      enqueue(async () => {
        const range = await eventIdRange(db.read);
        const pruned = resumeAfter > range.last || (range.first !== null && resumeAfter < range.first - 1);
        const missed = pruned ? [] : await readEventsAfter(db.read, resumeAfter, REPLAY_MAX + 1, audience);
        if (pruned || missed.length > REPLAY_MAX) {
          sentUpTo = Math.max(sentUpTo, range.last);
          await write(`id: ${sentUpTo}\nevent: reset\ndata: {}\n\n`);
          return;
        }
        // The browser has every event up to the one it named, from this process or another.
        sentUpTo = resumeAfter;
        for (const event of missed) await send(event);
      });
    }
    await done;
  });
}
