// @ts-check
/**
 * The database a benchmark's server runs on (docs/decisions/0038-libsql-server-in-tests.md):
 * the seeded embedded file, or, with `BENCH_DATABASE=sqld`, a libSQL server (`sqld` on loopback)
 * started from that file, so the same data is measured both ways. On the server, how many
 * statements a request issues is read from the server's own statistics.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startSqld } from '../tests/support/sqld.ts';

/**
 * @typedef {object} BenchDatabase
 * @property {'file' | 'sqld'} kind
 * @property {string} url the server's DATABASE_URL
 * @property {(send: () => Promise<unknown>, times?: number) => Promise<number | null>} statementsPerRequest
 *   statements per call of `send` (run `times` times one after the other, default 20), less what
 *   the server's background work ran meanwhile; null on the embedded file
 * @property {() => Promise<void>} stop
 */

/** How long the background work's own statements are counted, in milliseconds. */
const IDLE_SAMPLE_MS = 2000;

/**
 * The database for `file` (a seeded, closed SQLite file) by BENCH_DATABASE (`file`, the default,
 * or `sqld`). Throws for another value, or when sqld cannot start.
 * @param {string} file
 * @returns {Promise<BenchDatabase>}
 */
export async function benchDatabase(file) {
  const kind = process.env.BENCH_DATABASE ?? 'file';
  if (kind === 'file') {
    return { kind, url: `file:${file}`, statementsPerRequest: async () => null, stop: async () => {} };
  }
  if (kind !== 'sqld') throw new Error(`BENCH_DATABASE must be file or sqld, not ${kind}`);
  const server = await startSqld({ from: file, admin: true });
  /** @type {number | undefined} statements per millisecond with no request */
  let idleRate;
  return {
    kind,
    url: server.url,
    async statementsPerRequest(send, times = 20) {
      if (idleRate === undefined) {
        const idleBefore = await server.queryCount();
        const idleStarted = performance.now();
        await sleep(IDLE_SAMPLE_MS);
        idleRate = ((await server.queryCount()) - idleBefore) / (performance.now() - idleStarted);
      }
      const before = await server.queryCount();
      const started = performance.now();
      for (let i = 0; i < times; i++) await send();
      const background = idleRate * (performance.now() - started);
      return Math.max(0, ((await server.queryCount()) - before - background) / times);
    },
    stop: () => server.stop(),
  };
}
