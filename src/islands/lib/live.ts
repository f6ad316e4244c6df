/**
 * Live updates in the browser (docs/product.md#live-updates; docs/decisions/0009-live-updates.md).
 *
 * `LiveUpdates` opens the signed-in area's event stream (an EventSource on the API's
 * `/client/stream` or `/admin/stream`) and hands each event to the area's `refresh`, which marks
 * the affected queries stale, so the screens show a change within a second or two.
 *
 * - When the stream fails or ends, it is closed and opened again after 1 s, doubling up to 30 s,
 *   with jitter. Before each new try the area's profile is asked for: a 401 means signed out,
 *   so it stops and the area shows its sign-in screen.
 * - Each event carries the event log's id. A new connection names the last id seen
 *   (`?lastEventId=`), and the server sends what was missed, from whichever server process
 *   wrote it (docs/decisions/0024-event-log-and-leases.md). When it cannot (`reset`: too old or
 *   too many), or when no id was seen yet, the area refetches instead.
 * - While the stream is down the area's lists poll at their freshness times
 *   (`useFallbackInterval`); while it is up nothing polls.
 * - The events and their data are typed by src/shared/live-events.ts, the definition the server
 *   records them with: project, proposal and invoice events on both streams (the client's invoice
 *   events only to its `owner` and `billing` members), chat events, urgent leads and bookings
 *   (`booking-updated`) on the staff's only.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  CHAT_EVENT_TYPES,
  listen,
  PROJECT_EVENT_TYPES,
  type ChatEvent,
  type ClientStreamEvent,
  type LeadUrgentEvent,
  type StaffStreamEvent,
  type StreamControl,
} from '../../shared/live-events.ts';
import { api, apiLinks, isUnauthorized, unwrap } from './api.ts';

/** Whose stream: a client's in the portal, a staff member's in the dashboard. */
type LiveKind = 'client' | 'staff';

/**
 * A project event as an area sees it: its type and the project it is about (what both streams
 * carry; the staff's carries more, src/shared/live-events.ts).
 */
export type LiveMessage = Exclude<
  ClientStreamEvent,
  StreamControl | { type: 'proposal-updated' } | { type: 'invoice-updated' }
>;

/** What an area does with its stream. */
export interface LiveRefresh {
  /** Marks stale what `event` changed. */
  onEvent: (queryClient: QueryClient, event: LiveMessage) => void;
  /** What a live-chat event changes (the dashboard's Chats); areas without chats leave it out. */
  onChatEvent?: (queryClient: QueryClient, event: ChatEvent) => void;
  /**
   * A proposal changed (docs/product.md#proposals): sent, viewed, decided, withdrawn; both areas
   * follow it (the staff's stream carries the client and lead it concerns too).
   */
  onProposal?: (queryClient: QueryClient, event: { proposalId: string }) => void;
  /**
   * An invoice or a plan changed (docs/product.md#invoices): issued, paid, refunded, voided, a
   * plan's payment failed or its cancellation was asked for. `invoiceId` is null for a plan's own
   * change. Areas that show no invoices leave it out.
   */
  onInvoice?: (queryClient: QueryClient, event: { invoiceId: string | null }) => void;
  /**
   * A booked call was made, moved or cancelled (docs/product.md#bookings), by a guest or by any
   * staff member; staff only. Areas that show no bookings leave it out.
   */
  onBooking?: (queryClient: QueryClient, event: { bookingId: string; hostId: string }) => void;
  /** An urgent lead was stored (the dashboard alerts); areas without leads leave it out. */
  onLeadAlert?: (queryClient: QueryClient, event: LeadUrgentEvent) => void;
  /** After a reconnection: marks stale whatever may have changed while the stream was down. */
  onReconnect: (queryClient: QueryClient) => void;
  /** The area's profile query, set to null (the sign-in screen) when the session is gone. */
  profileKey: QueryKey;
}

const STREAMS: Record<LiveKind, string> = { client: apiLinks.clientStream, staff: apiLinks.staffStream };
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/**
 * The wait before reconnection attempt `attempt` (0 first): 1 s doubling to 30 s, less up to a
 * fifth at random, so that browsers cut off together do not all come back at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(full * (1 - 0.2 * random()));
}

/** True when the API says the area's session is gone (a 401 on its profile). */
async function signedOut(kind: LiveKind): Promise<boolean> {
  try {
    if (kind === 'client') await unwrap(api.client.me.$get());
    else await unwrap(api.admin.me.$get());
    return false;
  } catch (error) {
    return isUnauthorized(error);
  }
}

/** Keeps the stream of `kind` open while mounted; returns whether it is connected now. */
function useLiveStream(kind: LiveKind, refresh: LiveRefresh): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const latest = useRef(refresh);
  latest.current = refresh;

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    // Whether events may have been missed: the stream failed or ended since it last opened.
    let missed = false;
    // The id of the last event seen (`ready` gives the starting point), for the next connection.
    let lastEventId: string | null = null;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      const url =
        lastEventId === null ? STREAMS[kind] : `${STREAMS[kind]}?lastEventId=${encodeURIComponent(lastEventId)}`;
      const current = new EventSource(url);
      source = current;
      current.onopen = () => {
        // With an id the server replays what was missed; without one, refetch.
        if (missed && lastEventId === null) latest.current.onReconnect(queryClient);
        missed = false;
        attempt = 0;
        setConnected(true);
      };
      // Every event moves the resume point. Project events come on both streams (the staff's with
      // more data than the client's); chat events, urgent leads and bookings on the staff's only.
      const on = listen<ClientStreamEvent | StaffStreamEvent>(current);
      const seen = (id: string) => {
        if (id) lastEventId = id;
      };
      for (const type of PROJECT_EVENT_TYPES) {
        on(type, ({ projectId }, id) => {
          seen(id);
          latest.current.onEvent(queryClient, { type, projectId });
        });
      }
      on('proposal-updated', ({ proposalId }, id) => {
        seen(id);
        latest.current.onProposal?.(queryClient, { proposalId });
      });
      on('invoice-updated', ({ invoiceId }, id) => {
        seen(id);
        latest.current.onInvoice?.(queryClient, { invoiceId });
      });
      if (kind === 'staff') {
        const onStaff = listen<StaffStreamEvent>(current);
        for (const type of CHAT_EVENT_TYPES) {
          onStaff(type, (event, id) => {
            seen(id);
            latest.current.onChatEvent?.(queryClient, event);
          });
        }
        onStaff('lead-urgent', (event, id) => {
          seen(id);
          latest.current.onLeadAlert?.(queryClient, event);
        });
        onStaff('booking-updated', ({ bookingId, hostId }, id) => {
          seen(id);
          latest.current.onBooking?.(queryClient, { bookingId, hostId });
        });
      }
      on('ready', (_event, id) => seen(id));
      on('reset', (_event, id) => {
        seen(id);
        latest.current.onReconnect(queryClient);
      });
      current.onerror = () => {
        current.close();
        source = null;
        missed = true;
        setConnected(false);
        void retry();
      };
    };

    const retry = async () => {
      if (await signedOut(kind)) {
        stopped = true;
        queryClient.setQueryData(latest.current.profileKey, null);
        return;
      }
      if (!stopped) timer = setTimeout(connect, reconnectDelay(attempt++));
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [kind, queryClient]);

  return connected;
}

/** Whether the lists should poll: true while the stream is down (or outside LiveUpdates: false). */
const Polling = createContext(false);

/** Opens the live stream of `kind` for `children` and tells their lists whether to poll. */
export function LiveUpdates({
  kind,
  refresh,
  children,
}: {
  kind: LiveKind;
  refresh: LiveRefresh;
  children: ReactNode;
}) {
  const connected = useLiveStream(kind, refresh);
  return createElement(Polling.Provider, { value: !connected }, children);
}

/** A query's `refetchInterval`: its freshness time while the live stream is down, none while it is up. */
export function useFallbackInterval(freshMs: number): number | false {
  return useContext(Polling) ? freshMs : false;
}
