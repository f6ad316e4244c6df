/**
 * Placing a meeting at a time (docs/product.md#bookings), for a new booking and for a move: the
 * time must be a slot, and is given to a free host, checked again inside the write.
 *
 * The check reads the hosts and their meetings, picks a host, renders the emails for them
 * outside any write, then writes only if, inside that write (one `BEGIN IMMEDIATE` transaction,
 * which every process writing the database waits its turn for), the host is still free at that
 * time. Two people booking one slot at once: the second write finds it taken and tries another
 * free host, or is refused with 409 and the next free slots. A partial unique index (one
 * confirmed meeting per host and start) backs the check.
 */
import type { SlotJson } from '../../../shared/bookings.ts';
import type { SqlDb } from '../../db/database.ts';
import { loadHosts, type Host } from './availability.ts';
import { busyBetween } from './records.ts';
import { computeSlots, dateIn, hostsFreeAt, type BusyTime } from './slots.ts';

const DAY = 86_400_000;

/** How many of the next free slots a refusal offers. */
const NEXT_SLOTS = 6;

/** Why a time cannot be booked: `taken` (409) or `not_a_slot` (422), with the next free slots. */
export class SlotUnavailableError extends Error {
  constructor(
    readonly reason: 'taken' | 'not_a_slot',
    readonly slots: SlotJson[],
  ) {
    super(
      reason === 'taken'
        ? 'Sorry, that time was just taken. Please choose another.'
        : 'That time is not available. Please choose one of the times offered.',
    );
  }
}

/** What a placement reads: the hosts and their meetings around `start`. */
export interface PlacementState {
  hosts: Host[];
  busy: BusyTime[];
}

export interface PlacementQuery {
  start: number;
  minutes: number;
  timeZone: string;
  adminEmails: readonly string[];
  now: Date;
  /** The booking being moved: its own time does not make its host busy. */
  except?: string;
  /** The host to keep when free (a move). */
  preferHost?: string | null;
}

/** Reads the hosts and the meetings of the 3 days around `start` through `db`. */
export async function readPlacement(db: SqlDb, query: PlacementQuery): Promise<PlacementState> {
  const hosts = await loadHosts(db, query.adminEmails);
  const busy = await busyBetween(db, query.start - 2 * DAY, query.start + 2 * DAY, query.except);
  return { hosts, busy };
}

/**
 * The host for `query` in `state`: the preferred host when free, else the free host with the
 * fewest meetings ahead (ties by id). When nobody is free: `taken` when another meeting holds the
 * time itself, `not_a_slot` when it is not a slot at all or only a buffer keeps it.
 */
export function chooseHost(
  state: PlacementState,
  query: PlacementQuery,
  counts: Map<string, number>,
): Host | 'taken' | 'not_a_slot' {
  const base = { hosts: state.hosts, timeZone: query.timeZone, minutes: query.minutes, now: query.now };
  const free = hostsFreeAt({ ...base, busy: state.busy }, query.start);
  if (!free || free.length === 0) {
    const unbuffered = state.hosts.map((h) => ({ ...h, bufferMinutes: 0 }));
    if (hostsFreeAt({ ...base, hosts: unbuffered, busy: state.busy }, query.start)?.length) return 'not_a_slot';
    return hostsFreeAt({ ...base, busy: [] }, query.start) ? 'taken' : 'not_a_slot';
  }
  const preferred = query.preferHost && free.includes(query.preferHost) ? query.preferHost : null;
  const id =
    preferred ?? [...free].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0) || a.localeCompare(b))[0]!;
  return state.hosts.find((h) => h.hostId === id)!;
}

/** The refusal of `query` for `reason`, with the next free slots after its time (7 days) as `db` sees them. */
export async function unavailable(
  db: SqlDb,
  hosts: Host[],
  query: PlacementQuery,
  reason: 'taken' | 'not_a_slot',
): Promise<SlotUnavailableError> {
  const from = Math.max(query.start, query.now.getTime());
  const busy = await busyBetween(db, from - DAY, from + 9 * DAY, query.except);
  const slots = computeSlots({
    hosts,
    busy,
    timeZone: query.timeZone,
    minutes: query.minutes,
    now: query.now,
    from: dateIn(from, query.timeZone),
    days: 7,
  })
    .filter((s) => s.start > query.start)
    .slice(0, NEXT_SLOTS)
    .map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() }));
  return new SlotUnavailableError(reason, slots);
}

/** Whether `hostId` is still free for `query` as `db` sees it now (inside the write). */
export async function stillFree(db: SqlDb, query: PlacementQuery, hostId: string): Promise<boolean> {
  const state = await readPlacement(db, query);
  const free = hostsFreeAt(
    { hosts: state.hosts, busy: state.busy, timeZone: query.timeZone, minutes: query.minutes, now: query.now },
    query.start,
  );
  return free?.includes(hostId) ?? false;
}
