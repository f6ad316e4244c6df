/**
 * An event stream read as a program reads it (docs/product.md#live-updates): `GET` with a bearer
 * token and, to resume, `Last-Event-ID`; then block by block. Each event keeps its id in
 * `lastId`, as a browser's EventSource does.
 */

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
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  const parse = (block: string): StreamEvent | null => {
    let id: number | undefined;
    let event: string | undefined;
    let data: unknown;
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = Number(line.slice(4));
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data = JSON.parse(line.slice(6));
    }
    return event ? { id, event, data } : null;
  };

  const stream: EventStreamReader = {
    status: response.status,
    lastId: undefined,
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (block) {
            if (block.id !== undefined) stream.lastId = block.id;
            return block;
          }
          continue;
        }
        if (ended) return null;
        pending ??= reader.read().catch(() => ({ done: true, value: undefined }));
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
        });
        const result = await Promise.race([pending, timeout]);
        clearTimeout(timer);
        if (result === 'timeout') throw new Error(`nothing on the stream within ${timeoutMs} ms`);
        pending = undefined;
        if (result.done) ended = true;
        else buffer += decoder.decode(result.value, { stream: true });
      }
    },
    async close() {
      abort.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
  return stream;
}
