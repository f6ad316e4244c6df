/**
 * The one way anything writes to the database (docs/decisions/0022-one-write-path.md).
 *
 * `createWritePath(options)` gives `write(work)`: `work(tx)` runs inside one `BEGIN IMMEDIATE`
 * transaction and its result is returned once committed; when it throws, the transaction is rolled
 * back and the error rethrown. Every process writing the file (the servers, the CLI scripts) takes
 * SQLite's write lock this way, so none can deadlock another.
 *
 * - **Waiting.** In this process, writes queue one behind the other. When another process holds
 *   the lock, `BEGIN IMMEDIATE` answers SQLITE_BUSY at once (the connection's busy timeout is 0:
 *   SQLite's own wait would sleep the whole thread) and is tried again on a timer, after 2 ms
 *   growing to 100 ms, with jitter. A transaction that meets SQLITE_BUSY later on is rolled back
 *   and run again whole.
 * - **Shedding.** A write that has waited `maxWaitMs` (1 s for a server, for ever for a CLI
 *   script), or that arrives while `maxQueue` writes already wait, is refused with
 *   DatabaseBusyError before anything ran: the API answers it 503 with `Retry-After`.
 * - **No nesting.** `write` called inside a `work` throws: it would wait for itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Mutex, type MutexInterface } from 'async-mutex';
import { DatabaseBusyError, isBusyError } from './errors.ts';

export interface WriteOptions {
  /** How long a write may wait for the lock before it is shed, in milliseconds (Infinity: never). */
  maxWaitMs: number;
  /** How many writes may wait in this process at once; one more is shed at once. */
  maxQueue: number;
  /** Called once per write that had to wait more than `noticeAfterMs` (a CLI script says so). */
  onWait?: (waitedMs: number) => void;
  /** When `onWait` is called, in milliseconds (default 1,000). */
  noticeAfterMs?: number;
}

/**
 * Runs `work` in one `BEGIN IMMEDIATE` transaction of the connection and commits it, or rolls it
 * back and rethrows; an SQLITE_BUSY error (at BEGIN or later) leaves nothing written.
 */
export type Transact<Tx> = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** A write: `work` in one transaction; `maxWaitMs` overrides the path's own for this call. */
export type Write<Tx> = <T>(work: (tx: Tx) => Promise<T>, options?: { maxWaitMs?: number }) => Promise<T>;

/** The first wait after SQLITE_BUSY, in milliseconds; doubles up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 2;
const MAX_BACKOFF_MS = 100;

/** `ms` stretched by up to half again at random, so that waiting processes drift apart. */
const jitter = (ms: number) => ms * (1 + Math.random() / 2);

/** Whether the caller runs inside a `work` of some write path of this process. */
const insideWrite = new AsyncLocalStorage<true>();

/** `mutex`, acquired by `deadline` (performance.now() time) or DatabaseBusyError. */
async function acquireBy(mutex: MutexInterface, deadline: number): Promise<MutexInterface.Releaser> {
  const acquiring = mutex.acquire();
  if (!Number.isFinite(deadline)) return acquiring;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseBusyError()), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([acquiring, timedOut]);
  } catch (error) {
    // Given up: the lock, once it comes, goes straight to the next write.
    void acquiring.then((release) => release());
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The write function over `transact`. DatabaseBusyError when shed (see the module comment);
 * otherwise what `work` returns or throws, and the database's own errors.
 */
export function createWritePath<Tx>(transact: Transact<Tx>, options: WriteOptions): Write<Tx> {
  const { maxQueue, onWait, noticeAfterMs = 1000 } = options;
  const queue = new Mutex();
  let waiting = 0;

  return async function write<T>(work: (tx: Tx) => Promise<T>, { maxWaitMs = options.maxWaitMs } = {}): Promise<T> {
    if (insideWrite.getStore()) {
      throw new Error('A write was started inside another write; do it through the open transaction instead');
    }
    if (waiting >= maxQueue) throw new DatabaseBusyError();
    const started = performance.now();
    const deadline = started + maxWaitMs;
    waiting++;
    let release: MutexInterface.Releaser;
    try {
      release = await acquireBy(queue, deadline);
    } finally {
      waiting--;
    }
    try {
      let backoff = FIRST_BACKOFF_MS;
      let noticed = false;
      for (;;) {
        try {
          return await insideWrite.run(true, () => transact(work));
        } catch (error) {
          // Another connection holds the lock: nothing of this transaction stayed, so it is
          // tried again whole, on a timer.
          if (!isBusyError(error)) throw error;
        }
        const now = performance.now();
        if (now >= deadline) throw new DatabaseBusyError();
        if (onWait && !noticed && now - started >= noticeAfterMs) {
          noticed = true;
          onWait(now - started);
        }
        await sleep(Math.min(jitter(backoff), Math.max(1, deadline - now)));
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    } finally {
      release();
    }
  };
}
