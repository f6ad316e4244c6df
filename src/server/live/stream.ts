/**
 * One signed-in browser's event stream (docs/product.md#live-updates; ADR 0009): a Server-Sent
 * Events answer that forwards the bus's events the caller may see, as `event: {type}` with JSON
 * data, until the caller leaves or its session ends.
 *
 * - It starts with a `retry:` hint, then sends a comment (`: ping`) every heartbeat (25 s), so
 *   proxies keep the connection open. Before each heartbeat the session is validated again, which
 *   catches a revocation or an expiry; a `session-ended` event for the stream's user does the same
 *   at once. An invalid session closes the stream.
 * - It unsubscribes from the bus when it ends for any reason: the client went away (the stream's
 *   abort, or the request's signal), the session ended, or a write failed.
 * - `Cache-Control: no-cache` and `X-Accel-Buffering: no` keep proxies from holding events back.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { sessionStillValid } from '../auth/identity.ts';
import type { SessionEnv } from '../context.ts';
import type { SessionKind } from '../services/sessions.ts';
import type { LiveEvent } from './bus.ts';
import { log } from '../log.ts';

/** Tests shorten the heartbeat; production uses HEARTBEAT_MS. */
export interface LiveOptions {
  heartbeatMs?: number;
}

/** Between two heartbeats (and session checks): 25 seconds, under common 30–60 s proxy timeouts. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it reconnects on its own (the `retry:` hint). */
const RETRY_MS = 2_000;

/** An event a browser may receive: every type but the internal `session-ended`. */
export type BrowserEvent = Exclude<LiveEvent, { type: 'session-ended' }>;

/**
 * Answers the request with the stream of `kind`'s signed-in user (behind requireSession(kind)).
 * `forward` picks what the caller sees of an event: the JSON data to send, or null to skip it.
 */
export function liveStream<K extends SessionKind>(
  c: Context<SessionEnv<K>>,
  kind: K,
  forward: (event: BrowserEvent) => object | null,
): Response {
  const { bus, live } = c.var.deps;
  const { id: sessionId, userId } = c.var.session;
  const heartbeatMs = live?.heartbeatMs ?? HEARTBEAT_MS;
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
      if (!(await sessionStillValid(c, kind, sessionId))) finish();
    };
    // Hono's writes swallow errors: a write to a stream the client left marks it aborted instead.
    const write = async (text: string) => {
      await stream.write(text);
      if (stream.aborted) finish();
    };

    const unsubscribe = bus.subscribe((event) => {
      if (event.type === 'session-ended') {
        if (event.kind === kind && event.userId === userId) enqueue(checkSession);
        return;
      }
      const data = forward(event);
      if (data) enqueue(() => write(`event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`));
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
    await done;
  });
}
