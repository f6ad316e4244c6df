/**
 * The process's reader of the durable event log (docs/product.md#live-updates;
 * docs/decisions/0024-event-log-and-leases.md). It remembers the last event id it has read and
 * reads the rows after it: at once after each write this process commits, and every `pollMs`
 * (default EVENT_POLL_MS) for the writes of other processes. Each new event goes to every
 * subscriber (the open streams), in id order. A subscriber that throws is logged and never keeps
 * the others from their event; a failed read is logged and tried again at the next poll.
 */
import type { Database } from '../../db/database.ts';
import { eventIdRange, readEventsAfter, type StoredEvent } from './events.ts';
import { log } from '../../log.ts';

/** How often other processes' events are looked for, in milliseconds (at most 500 by design). */
const EVENT_POLL_MS = 250;
/** Rows read per query; a longer backlog is read in several. */
const READ_BATCH = 500;

type EventListener = (event: StoredEvent) => void;

/** What the streams use: subscribe, the last id read, and (for tests) the number of subscribers. */
export interface EventTail {
  /** Calls `listener` with each event read from now on; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** The id of the last event read (0 when the log was empty at start). */
  readonly lastId: number;
  /** The number of subscribers (open streams). */
  readonly listenerCount: number;
  /** Reads now; resolves once every event committed before the call has gone out. */
  catchUp(): Promise<void>;
  /**
   * Stops polling and reading after commits; resolves once a read in flight has ended, so that
   * the database can be closed after it (over a network database, a read cut off by the close
   * fails).
   */
  stop(): Promise<void>;
}

export interface EventTailOptions {
  /** Between two polls for other processes' events, in milliseconds (default EVENT_POLL_MS). */
  pollMs?: number;
}

/** Starts tailing `db`'s event log from its current end. Throws what the first read throws. */
export async function startEventTail(
  db: Database,
  { pollMs = EVENT_POLL_MS }: EventTailOptions = {},
): Promise<EventTail> {
  let lastId = (await eventIdRange(db.read)).last;
  const listeners = new Set<{ listener: EventListener }>();
  let stopped = false;

  const deliver = (event: StoredEvent) => {
    for (const entry of [...listeners]) {
      try {
        entry.listener(event);
      } catch (error) {
        log.error({ component: 'live', err: error }, 'an event listener failed');
      }
    }
  };

  // One read at a time; a call while one runs asks for one more round after it.
  let running: Promise<void> | null = null;
  let again = false;
  const readNew = async () => {
    for (;;) {
      const batch = await readEventsAfter(db.read, lastId, READ_BATCH);
      for (const event of batch) {
        lastId = event.id;
        deliver(event);
      }
      if (batch.length < READ_BATCH) return;
    }
  };
  const catchUp = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await readNew();
        } while (again && !stopped);
      } catch (error) {
        log.error({ component: 'live', err: error }, 'could not read the event log');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const timer = setInterval(() => void catchUp(), pollMs);
  timer.unref();
  const stopListening = db.afterCommit(() => void catchUp());

  return {
    subscribe(listener) {
      const entry = { listener };
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    get lastId() {
      return lastId;
    },
    get listenerCount() {
      return listeners.size;
    },
    catchUp,
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopListening();
      await running;
    },
  };
}
