/**
 * Booking a meeting (docs/product.md#bookings): a free consultation from the site, which is
 * also a lead on the board (source `booking`, its subject naming the time), or a project meeting
 * from the portal. The time is placed with a free host (placement.ts); the guest and the host get
 * their emails with the calendar invitation, the guest's reminders are queued, and open
 * dashboards see it at once (`booking-updated`), all in the booking's one write.
 */
import { Mutex } from 'async-mutex';
import { and, eq } from 'drizzle-orm';
import { bookings, contactSubmissions, projects } from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { MEETING_TYPE_DETAILS, type MeetingType } from '../../../shared/bookings.ts';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { notifyNewLead } from '../email/notifications.ts';
import {
  claimIdempotencyKey,
  findIdempotentAnswer,
  IdempotencyKeyTaken,
  type IdempotentRequest,
} from '../idempotency.ts';
import { formatTime } from '../email/templates/layout.tsx';
import { recordEvent } from '../events/events.ts';
import { prepareNotices, queueNotices } from './notices.ts';
import { chooseHost, readPlacement, stillFree, unavailable, type PlacementQuery } from './placement.ts';
import { hashManageToken, manageToken, manageUrl, upcomingPerHost, type BookingRow } from './records.ts';

const MINUTE = 60_000;
/** Tries before a time everybody keeps taking is refused as taken. */
const ATTEMPTS = 4;

export type BookingEnv = Pick<Env, 'SITE_URL' | 'SITE_TIME_ZONE' | 'MEETING_URL' | 'ADMIN_EMAILS'>;

/** A new meeting: who, when, and for a project meeting the project and the member who booked it. */
export interface NewBooking {
  type: MeetingType;
  start: Date;
  name: string;
  email: string;
  phone?: string;
  topic?: string;
  project?: { id: string; title: string; clientId: string; memberId: string };
}

/**
 * One lock per start time in this process: requests for one time go one after another, so the
 * second reads the first's meeting and is refused at once instead of rendering its emails for
 * nothing. Other processes are kept apart by the check inside the write (placement.ts).
 */
const startLocks = new Map<number, { mutex: Mutex; users: number }>();

/** Runs `work` holding the lock of `start` (epoch ms). */
export async function withStartLock<T>(start: number, work: () => Promise<T>): Promise<T> {
  let lock = startLocks.get(start);
  if (!lock) startLocks.set(start, (lock = { mutex: new Mutex(), users: 0 }));
  lock.users++;
  try {
    return await lock.mutex.runExclusive(work);
  } finally {
    if (--lock.users === 0) startLocks.delete(start);
  }
}

/** Project `projectId` of client `clientId` ({id, title}); NotFoundError('Project') for another client's or none. */
export async function clientProject(db: Database, clientId: string, projectId: string) {
  const [project] = await db.read
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)));
  if (!project) throw new NotFoundError('Project');
  return project;
}

/** The placement query of a meeting of `type` at `start`. */
export function placementQuery(env: BookingEnv, type: MeetingType, start: Date, now: Date): PlacementQuery {
  return {
    start: start.getTime(),
    minutes: MEETING_TYPE_DETAILS[type].minutes,
    timeZone: env.SITE_TIME_ZONE,
    adminEmails: env.ADMIN_EMAILS,
    now,
  };
}

/**
 * Books `input` at `now`; returns the stored booking. Throws SlotUnavailableError (`not_a_slot`:
 * off the grid, outside the hours, notice or horizon, a day off; `taken`: nobody free any more),
 * with the next free slots. With `idempotent` (an Idempotency-Key), its answer is stored in the
 * booking's write; IdempotencyKeyTaken when another request with the key booked first.
 */
export function createBooking(
  db: Database,
  env: BookingEnv,
  input: NewBooking,
  now = new Date(),
  idempotent?: IdempotentRequest,
): Promise<BookingRow> {
  return withStartLock(input.start.getTime(), () => placeBooking(db, env, input, now, idempotent));
}

async function placeBooking(
  db: Database,
  env: BookingEnv,
  input: NewBooking,
  now: Date,
  idempotent: IdempotentRequest | undefined,
): Promise<BookingRow> {
  // A repeat of a request that booked while this one waited for its turn gets that answer.
  if (idempotent && (await findIdempotentAnswer(db, idempotent, now)).kind !== 'none') throw new IdempotencyKeyTaken();
  const id = crypto.randomUUID();
  const token = await manageToken(db, id);
  const query = placementQuery(env, input.type, input.start, now);
  const end = new Date(query.start + query.minutes * MINUTE);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const state = await readPlacement(db.read, query);
    const host = chooseHost(state, query, await upcomingPerHost(db.read, now.getTime()));
    if (typeof host === 'string') throw await unavailable(db.read, state.hosts, query, host);
    const meeting = {
      id,
      type: input.type,
      status: 'confirmed' as const,
      start: input.start,
      end,
      sequence: 0,
      guestName: input.name,
      guestEmail: input.email,
      guestPhone: input.phone ?? null,
      topic: input.topic ?? null,
      hostName: host.name,
      hostEmail: host.email,
      projectTitle: input.project?.title ?? null,
    };
    const notices = await prepareNotices(
      env,
      {
        meeting,
        change: 'booked',
        byStaff: false,
        message: null,
        manageUrl: manageUrl(env.SITE_URL, token),
        previousHost: null,
      },
      now,
    );
    const row = await db.write(async (tx) => {
      if (!(await stillFree(tx, query, host.hostId))) return null;
      let leadId: string | null = null;
      if (input.type === 'consultation') {
        const [lead] = await tx
          .insert(contactSubmissions)
          .values({
            source: 'booking',
            name: input.name,
            email: input.email,
            phone: input.phone ?? null,
            subject: `Free consultation on ${formatTime(input.start, env.SITE_TIME_ZONE)}`,
            message: input.topic ?? 'Booked a free consultation (no topic given).',
            createdAt: now,
          })
          .returning({ id: contactSubmissions.id });
        leadId = lead!.id;
        await notifyNewLead(tx, leadId);
      }
      const [stored] = await tx
        .insert(bookings)
        .values({
          id,
          type: input.type,
          hostId: host.hostId,
          hostName: host.name,
          startAt: input.start,
          endAt: end,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          topic: input.topic ?? null,
          leadId,
          projectId: input.project?.id ?? null,
          clientId: input.project?.clientId ?? null,
          memberId: input.project?.memberId ?? null,
          manageTokenHash: hashManageToken(token),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const answer = { status: 201, body: { id, start: input.start.toISOString(), end: end.toISOString() } };
      if (idempotent && !(await claimIdempotencyKey(tx, idempotent, answer))) throw new IdempotencyKeyTaken();
      await queueNotices(tx, id, notices);
      await recordEvent(tx, { type: 'booking-updated', bookingId: id, hostId: host.hostId });
      return stored!;
    });
    if (row) return row;
  }
  const state = await readPlacement(db.read, query);
  throw await unavailable(db.read, state.hosts, query, 'taken');
}
