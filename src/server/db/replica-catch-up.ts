/**
 * Read-your-writes on a libSQL server replica (README, "Running more than one server").
 *
 * A server whose DATABASE_URL is a `sqld` replica reads from the replica's copy, while its writes
 * are forwarded to the primary; the copy learns of a commit a few milliseconds later (measured in
 * tests/e2e/two-machines.spec.ts), so a read right after a write could miss it. sqld does not wait
 * by itself after an interactive transaction, even on the same stream, but every answer of the
 * Hrana protocol carries the `replication_index` the database had reached, and a statement sent
 * with a `replication_index` is run only once the node has applied that index. `@libsql/client`
 * keeps neither, so this module watches its HTTP traffic (its `fetch` option; the client speaks
 * Hrana v2 as JSON) for the highest index seen, and `caughtUp()` sends the node one `SELECT 1`
 * carrying that index: once it answers, the node's copy holds everything this process has seen.
 * The write path calls it after each write (db/libsql-server.ts), so every read of the process
 * that follows a write sees it. On a primary the `SELECT 1` answers at once.
 *
 * Only the HTTP client is watched (`libsql:`, `http(s):` URLs); over `ws(s):` there is nothing to
 * wait for and `caughtUp()` returns at once.
 */
import { log } from '../log.ts';

/** The index in a Hrana JSON answer: `"replication_index":"123"` (never inside a string value, where quotes are escaped). */
const INDEX = /"replication_index":"(\d+)"/g;

/** What the client's HTTP requests are made with; the watch passes them on to it. */
type Fetch = (request: Request) => Promise<Response>;

export interface ReplicaCatchUp {
  /** The `fetch` to give `createClient`: the real one, noting the indexes in the answers. */
  fetch: Fetch;
  /**
   * Resolves once the node has applied the highest index seen so far, or after `timeoutMs`
   * (then a warning is logged: reads may still miss the last write). Never rejects.
   */
  caughtUp(): Promise<void>;
}

/**
 * Watches a client's traffic (see the module comment). `timeoutMs`: the longest `caughtUp()`
 * waits, in milliseconds; `baseFetch`: the real fetch (default the global one).
 */
export function watchReplication(timeoutMs: number, baseFetch: Fetch = (request) => fetch(request)): ReplicaCatchUp {
  /** The highest index seen in an answer, and the highest the node has said it has applied. */
  let seen = 0n;
  let applied = 0n;
  /** Where the client sends its pipelines, and with which credentials. */
  let pipelineUrl: string | undefined;
  let authorization: string | null = null;

  /** Raises `seen` to the highest index in `text`, and returns that index (0 when none). */
  const note = (text: string) => {
    let highest = 0n;
    for (const [, index] of text.matchAll(INDEX)) if (BigInt(index!) > highest) highest = BigInt(index!);
    if (highest > seen) seen = highest;
    return highest;
  };

  return {
    async fetch(request) {
      const response = await baseFetch(request);
      if (!response.ok || !request.url.endsWith('/pipeline')) return response;
      pipelineUrl = request.url;
      authorization = request.headers.get('authorization');
      const text = await response.text();
      note(text);
      return new Response(text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },

    async caughtUp() {
      const target = seen;
      if (target <= applied || !pipelineUrl) return;
      const headers = new Headers({ 'content-type': 'application/json' });
      if (authorization) headers.set('authorization', authorization);
      const body = JSON.stringify({
        baton: null,
        requests: [
          { type: 'execute', stmt: { sql: 'SELECT 1', want_rows: false, replication_index: String(target) } },
          { type: 'close' },
        ],
      });
      try {
        const response = await baseFetch(
          new Request(pipelineUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) }),
        );
        if (!response.ok) throw new Error(`the database answered ${response.status}: ${await response.text()}`);
        // A read answers with the index the node has applied: at least `target` now.
        const reached = note(await response.text());
        for (const index of [target, reached]) if (index > applied) applied = index;
      } catch (error) {
        log.warn(
          { component: 'database', err: error, replicationIndex: String(target) },
          'the database replica did not catch up with this process’s last write; a read may miss it',
        );
      }
    },
  };
}
