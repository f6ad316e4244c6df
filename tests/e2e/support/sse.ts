/**
 * An event stream read as a program reads it (docs/product.md#live-updates): `GET` with a bearer
 * token and, to resume, `Last-Event-ID`; then event by event (tests/support/sse.ts). Each event
 * keeps its id in `lastId`, as a browser's EventSource does.
 */
import { sseBlocks } from '../../support/sse.ts';

export interface StreamEvent {
  id?: number;
  event: string;
  data: unknown;
}

export interface EventStreamReader {
  /** The HTTP status of the answer. */
  status: number;
  /** The id of the last event read. */
  lastId: number | undefined;
  /** The next event (comments and hints skipped); null once the stream ended; throws after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent | null>;
  close(): Promise<void>;
}

/** Opens `url` as an event stream with `token` (and `lastEventId` to resume). */
export async function openEventStream(url: string, token: string, lastEventId?: number): Promise<EventStreamReader> {
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(url, { headers, signal: abort.signal });
  const blocks = sseBlocks(response.body!);
  const stream: EventStreamReader = {
    status: response.status,
    lastId: undefined,
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = await blocks.next(Math.max(1, deadline - Date.now()));
        if (block === null) return null;
        if (!block.event) continue;
        if (block.id !== undefined) stream.lastId = block.id;
        return { id: block.id, event: block.event, data: block.data };
      }
    },
    async close() {
      abort.abort();
      await blocks.cancel();
    },
  };
  return stream;
}
