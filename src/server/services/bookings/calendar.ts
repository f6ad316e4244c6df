/**
 * Calendar invitations and feeds of booked meetings (docs/product.md#bookings), iCalendar
 * (RFC 5545, RFC 5546 iTIP) made by ical-generator:
 *
 * - each meeting has one stable `UID` (`booking-{id}@{site host}`) for its whole life, and its
 *   `SEQUENCE` is the booking's sequence, raised by every change, so a calendar replaces the
 *   event it holds instead of adding another;
 * - an invitation's METHOD is REQUEST for a new or changed meeting and CANCEL (with
 *   STATUS:CANCELLED) for a cancelled one, so that the event really leaves the calendar;
 * - a feed (a staff member's subscription) has no METHOD and lists their meetings, cancelled
 *   ones as STATUS:CANCELLED.
 */
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { MEETING_TYPE_DETAILS, type MeetingType } from '../../../shared/bookings.ts';
import { company } from '../../../shared/company.ts';

/** What an invitation or a feed says of one meeting. */
export interface CalendarMeeting {
  id: string;
  type: MeetingType;
  status: 'confirmed' | 'cancelled';
  start: Date;
  end: Date;
  sequence: number;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  topic: string | null;
  hostName: string;
  hostEmail: string | null;
  projectTitle: string | null;
  /** MEETING_URL, or null when the host calls the guest. */
  meetingUrl: string | null;
  /** The guest's manage link (only in the guest's invitation). */
  manageUrl: string | null;
}

/** The stable UID of booking `id` on the site at `siteUrl`. */
function meetingUid(id: string, siteUrl: string): string {
  return `booking-${id}@${new URL(siteUrl).hostname}`;
}

function summaryOf(meeting: CalendarMeeting, forGuest: boolean): string {
  const label = MEETING_TYPE_DETAILS[meeting.type].label;
  const what = meeting.projectTitle ? `${label}: ${meeting.projectTitle}` : label;
  return forGuest ? `${what} with ${company.name}` : `${what} with ${meeting.guestName}`;
}

function descriptionOf(meeting: CalendarMeeting): string {
  const lines = [
    meeting.meetingUrl ? `Join: ${meeting.meetingUrl}` : `${meeting.hostName} calls ${meeting.guestPhone ?? 'you'}.`,
    meeting.topic ? `Topic: ${meeting.topic}` : null,
    meeting.guestPhone ? `Phone: ${meeting.guestPhone}` : null,
    meeting.manageUrl ? `Reschedule or cancel: ${meeting.manageUrl}` : null,
  ];
  return lines.filter(Boolean).join('\n');
}

function addMeeting(calendar: ICalCalendar, meeting: CalendarMeeting, siteUrl: string, forGuest: boolean) {
  calendar.createEvent({
    id: meetingUid(meeting.id, siteUrl),
    sequence: meeting.sequence,
    start: meeting.start,
    end: meeting.end,
    stamp: new Date(),
    summary: summaryOf(meeting, forGuest),
    // The manage link is the guest's: the host's copy never carries it.
    description: descriptionOf(forGuest ? meeting : { ...meeting, manageUrl: null }),
    location: meeting.meetingUrl ?? meeting.guestPhone ?? undefined,
    url: meeting.meetingUrl ?? undefined,
    status: meeting.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: meeting.hostName, email: meeting.hostEmail ?? company.email },
    attendees: [{ name: meeting.guestName, email: meeting.guestEmail, rsvp: false }],
  });
}

/**
 * The invitation of `meeting` for the guest (`forGuest`) or the host: METHOD CANCEL when it is
 * cancelled, else REQUEST. Returns the method and the iCalendar text.
 */
export function invitationOf(
  meeting: CalendarMeeting,
  siteUrl: string,
  forGuest: boolean,
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const method = meeting.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ name: company.name, method, prodId: { company: company.name, product: 'Bookings' } });
  addMeeting(calendar, meeting, siteUrl, forGuest);
  return { method: meeting.status === 'cancelled' ? 'CANCEL' : 'REQUEST', content: calendar.toString() };
}

/** A staff member's feed of `meetings`, named for them. */
export function feedOf(meetings: CalendarMeeting[], siteUrl: string, hostName: string): string {
  const calendar = ical({
    name: `${company.name}: ${hostName}'s meetings`,
    prodId: { company: company.name, product: 'Bookings' },
    ttl: 15 * 60,
  });
  for (const meeting of meetings) addMeeting(calendar, { ...meeting, manageUrl: null }, siteUrl, false);
  return calendar.toString();
}
