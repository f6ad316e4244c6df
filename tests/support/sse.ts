/**
 * An event stream (docs/product.md#live-updates) read as a program reads it: block by block from
 * the answer's body, each block parsed into its fields. Shared by the integration tests (the
 * app in process) and the end-to-end tests (built servers over HTTP).
 */

/** One block of an event stream: an event with its id and data, a comment, or a `retry:` hint. */
export interface SseBlock {
  id?: number;
  event?: string;
  data?: unknown;
  comment?: string;
  retry?: number;
}

/** How long `next()` waits by default, in milliseconds. */
const DEFAULT_WAIT_MS = 2_000;

function parse(block: string): SseBlock {
  const out: SseBlock = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) out.comment = line.slice(1).trim();
    else if (line.startsWith('id: ')) out.id = Number(line.slice(4));
    else if (line.startsWith('event: ')) out.event = line.slice(7);
    else if (line.startsWith('data: ')) out.data = JSON.parse(line.slice(6));
    else if (line.startsWith('retry: ')) out.retry = Number(line.slice(7));
  }
  return out;
}

/**
 * The blocks of `body`: `next(timeoutMs)` resolves with the next block, or null once the stream
 * ended (a failed read counts as the end); it throws `nothing on the stream within … ms` after
 * `timeoutMs`. `cancel()` stops reading.
 */
export function sseBlocks(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let ended = false;

  async function next(timeoutMs = DEFAULT_WAIT_MS): Promise<SseBlock | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      if (ended) return null;
      pending ??= reader.read().catch(() => ({ done: true as const, value: undefined }));
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
  }

  return { next, cancel: () => reader.cancel().catch(() => undefined) };
}
