/**
 * Live updates (docs/product.md#live-updates; docs/decisions/0009-live-updates.md): the events
 * a write publishes once it has committed, and the bus that carries them to the open event
 * streams. The bus here lives in one server process; several instances would put a shared bus
 * (Redis pub/sub, Postgres LISTEN/NOTIFY, a polled events table) behind the same interface.
 */
import type { SessionKind } from '../services/sessions.ts';
import { log } from '../log.ts';

/** What happened, for whom: each event names the project and its client, so streams can filter. */
export type LiveEvent =
  /** A new message on a project, from the client or from the team. */
  | { type: 'message'; projectId: string; clientId: string; communicationId: string; fromClient: boolean }
  /** Messages of a project were marked read or unread. */
  | { type: 'message-read'; projectId: string; clientId: string }
  /** A project, or one of its milestones, was created, changed or deleted. */
  | { type: 'project-updated'; projectId: string; clientId: string }
  /** Internal, never sent to a browser: a session of this user ended (sign-out, revocation). */
  | { type: 'session-ended'; kind: SessionKind; userId: string };

type LiveListener = (event: LiveEvent) => void;

/** Carries events from the writes to the streams; `subscribe` returns the unsubscribe function. */
export interface EventBus {
  publish(event: LiveEvent): void;
  subscribe(listener: LiveListener): () => void;
}

/** The in-process bus, with the number of listeners (open streams), which tests watch. */
export interface InProcessBus extends EventBus {
  readonly listenerCount: number;
}

/**
 * A bus for one process: a set of listeners called in turn, at once. A listener that throws (or
 * returns a promise that rejects) is logged and never keeps the others from their event.
 */
export function createInProcessBus(): InProcessBus {
  // One entry per subscription, so the same function subscribed twice is called twice.
  const listeners = new Set<{ listener: LiveListener }>();
  const failed = (error: unknown) => log.error({ component: 'live', err: error }, 'a listener failed');
  return {
    publish(event) {
      for (const entry of [...listeners]) {
        try {
          const result: unknown = entry.listener(event);
          if (result instanceof Promise) result.catch(failed);
        } catch (error) {
          failed(error);
        }
      }
    },
    subscribe(listener) {
      const entry = { listener };
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}
