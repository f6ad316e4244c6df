/**
 * What a booking's change sends (docs/product.md#bookings), rendered before its write and queued
 * in it, so that the write stays short and the emails go out only if it commits:
 *
 * - the guest's email and the host's, each with the calendar invitation (REQUEST for a new or
 *   moved meeting, CANCEL for a cancelled one; the same UID, the booking's SEQUENCE);
 * - when the host changed, the previous host's CANCEL;
 * - the guest's reminders 24 hours and 1 hour before, through the email queue (not before their
 *   time); a change takes back the reminders not yet sent, so a cancelled meeting gets none.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { bookingReminders, notificationEmails, type EmailCalendarEvent } from '../../../../db/schema/index.ts';
import { MEETING_TYPE_DETAILS } from '../../../shared/bookings.ts';
import type { SqlDb } from '../../db/database.ts';
import { queueEmail } from '../email/queue.ts';
import {
  renderGuestBooking,
  renderGuestCancelled,
  renderGuestReminder,
  renderHostBooking,
  type MeetingFacts,
} from '../email/templates/bookings.tsx';
import { formatTime } from '../email/templates/layout.tsx';
import type { RenderedEmail } from '../email/templates/types.ts';
import { invitationOf, type CalendarMeeting } from './calendar.ts';

const HOUR = 3_600_000;

/** The settings a notice reads. */
export type NoticeEnv = { SITE_URL: string; SITE_TIME_ZONE: string; MEETING_URL?: string };

/** One email ready to queue. */
interface ReadyEmail {
  audience: 'client' | 'team';
  to: string;
  email: RenderedEmail;
  calendar: EmailCalendarEvent | null;
  sendAt: Date | null;
}

/** The emails of one change, ready to queue. */
export interface PreparedNotices {
  now: ReadyEmail[];
  reminders: ReadyEmail[];
}

/** A change to tell both sides of. */
export interface MeetingChange {
  meeting: Omit<CalendarMeeting, 'meetingUrl' | 'manageUrl'>;
  change: 'booked' | 'moved' | 'cancelled';
  byStaff: boolean;
  /** The guest's reason or the team's message. */
  message: string | null;
  manageUrl: string;
  /** The host before a move, when the meeting changed hands. */
  previousHost: { name: string; email: string } | null;
}

/**
 * Renders the emails of `change` at `now`: the guest's and the host's (and the previous host's
 * CANCEL), and for a booked or moved meeting the reminders still ahead.
 */
export async function prepareNotices(env: NoticeEnv, change: MeetingChange, now: Date): Promise<PreparedNotices> {
  const meetingUrl = env.MEETING_URL ?? null;
  const meeting: CalendarMeeting = { ...change.meeting, meetingUrl, manageUrl: change.manageUrl };
  const label = MEETING_TYPE_DETAILS[meeting.type].label;
  const facts: MeetingFacts = {
    what: meeting.projectTitle ? `${label}: ${meeting.projectTitle}` : label,
    when: formatTime(meeting.start, env.SITE_TIME_ZONE),
    hostName: meeting.hostName,
    guestName: meeting.guestName,
    guestPhone: meeting.guestPhone,
    meetingUrl,
  };
  const cancelled = change.change === 'cancelled';
  const weekUrl = new URL('/admin#bookings', env.SITE_URL).href;
  const guestEmail = cancelled
    ? await renderGuestCancelled(facts, {
        byStaff: change.byStaff,
        reason: change.message,
        bookUrl: new URL('/#book-a-call', env.SITE_URL).href,
      })
    : await renderGuestBooking(facts, {
        manageUrl: change.manageUrl,
        moved: change.change === 'moved',
        message: change.byStaff ? change.message : null,
      });
  const host = meeting.hostEmail;
  const ready: ReadyEmail[] = [
    {
      audience: 'client',
      to: meeting.guestEmail,
      email: guestEmail,
      calendar: invitationOf(meeting, env.SITE_URL, true),
      sendAt: null,
    },
  ];
  if (host) {
    const hostEmail = await renderHostBooking(facts, {
      change: change.change,
      guestEmail: meeting.guestEmail,
      topic: meeting.topic,
      message: change.byStaff ? null : change.message,
      weekUrl,
    });
    ready.push({
      audience: 'team',
      to: host,
      email: hostEmail,
      calendar: invitationOf(meeting, env.SITE_URL, false),
      sendAt: null,
    });
  }
  const previous = change.previousHost;
  if (previous && previous.email !== host) {
    const gone: CalendarMeeting = {
      ...meeting,
      status: 'cancelled',
      hostName: previous.name,
      hostEmail: previous.email,
    };
    const email = await renderHostBooking(
      { ...facts, hostName: previous.name },
      { change: 'cancelled', guestEmail: meeting.guestEmail, topic: meeting.topic, message: null, weekUrl },
    );
    ready.push({
      audience: 'team',
      to: previous.email,
      email,
      calendar: invitationOf(gone, env.SITE_URL, false),
      sendAt: null,
    });
  }
  const reminders: ReadyEmail[] = [];
  if (!cancelled) {
    for (const [lead, hours] of [
      ['24 hours', 24],
      ['1 hour', 1],
    ] as const) {
      const sendAt = new Date(meeting.start.getTime() - hours * HOUR);
      if (sendAt.getTime() <= now.getTime()) continue;
      const email = await renderGuestReminder(facts, { lead, manageUrl: change.manageUrl });
      reminders.push({ audience: 'client', to: meeting.guestEmail, email, calendar: null, sendAt });
    }
  }
  return { now: ready, reminders };
}

/**
 * Takes back booking `bookingId`'s reminders not yet sent, in `tx`: queued ones, failed ones (so
 * no one retries them from the undelivered list) and ones a worker holds a claim on. A claimed
 * reminder whose send then fails, or whose worker died, is gone, so it is never tried again; only
 * a send already under way when the change commits still reaches the guest.
 */
export async function dropReminders(tx: SqlDb, bookingId: string): Promise<void> {
  const linked = tx
    .select({ id: bookingReminders.emailId })
    .from(bookingReminders)
    .where(eq(bookingReminders.bookingId, bookingId));
  await tx
    .delete(notificationEmails)
    .where(and(inArray(notificationEmails.id, linked), ne(notificationEmails.status, 'sent')));
  await tx.delete(bookingReminders).where(eq(bookingReminders.bookingId, bookingId));
}

/** Queues `notices` for booking `bookingId` in its write `tx`, after taking back its queued reminders. */
export async function queueNotices(tx: SqlDb, bookingId: string, notices: PreparedNotices): Promise<void> {
  await dropReminders(tx, bookingId);
  for (const item of notices.now) {
    await queueEmail(tx, item.audience, [item.to], item.email, {}, null, item.calendar);
  }
  for (const item of notices.reminders) {
    const emailId = await queueEmail(tx, 'client', [item.to], item.email, {}, null, null, item.sendAt);
    await tx.insert(bookingReminders).values({ emailId, bookingId });
  }
}
