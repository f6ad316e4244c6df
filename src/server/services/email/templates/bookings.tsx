/**
 * The emails of booked calls (docs/product.md#bookings), HTML and plain text through the shared
 * layout. The queue sends each with its calendar invitation (REQUEST or CANCEL):
 *
 * - `renderGuestBooking`: to the guest, when the meeting is booked or moved, with where it
 *   happens and the manage link (reschedule or cancel);
 * - `renderGuestCancelled`: to the guest, when it is cancelled (by them or by staff);
 * - `renderGuestReminder`: to the guest, 24 hours and 1 hour before;
 * - `renderHostBooking`: to the staff member it is with, when it is booked, moved or cancelled.
 */
import { oneLine, renderEmail } from './layout.tsx';
import { Letter } from './letter.tsx';
import type { RenderedEmail } from './types.ts';

/** What every booking email says of the meeting. */
export interface MeetingFacts {
  /** 'Free consultation', or 'Project meeting: {project}'. */
  what: string;
  /** 'Nov 3, 2026 at 2:05 PM EST' (formatTime, the agency's zone). */
  when: string;
  hostName: string;
  guestName: string;
  guestPhone: string | null;
  meetingUrl: string | null;
}

function whereLine(facts: MeetingFacts): string {
  if (facts.meetingUrl) return `Join the call at ${facts.meetingUrl}`;
  return facts.guestPhone
    ? `${facts.hostName} will call you on ${facts.guestPhone}.`
    : `${facts.hostName} will call you.`;
}

const GUEST_FOOTER = 'Sent because you booked a call with us. The calendar invitation is attached.';

/** To the guest: `{what} booked: {when}` (or `moved to`), where it happens, and the manage link. */
export function renderGuestBooking(
  facts: MeetingFacts,
  data: { manageUrl: string; moved: boolean; message?: string | null },
): Promise<RenderedEmail> {
  const subject = oneLine(`${facts.what} ${data.moved ? 'moved to' : 'booked:'} ${facts.when}`);
  return renderEmail(
    subject,
    <Letter
      subject={subject}
      name={facts.guestName}
      lines={[
        `${data.moved ? 'Your meeting is now' : 'You are booked'} with ${facts.hostName} on ${facts.when}.`,
        whereLine(facts),
        'To reschedule or cancel, use the link below.',
      ]}
      quote={data.message}
      link={{ href: data.manageUrl, button: 'Reschedule or cancel' }}
      footer={GUEST_FOOTER}
    />,
  );
}

/** To the guest: `{what} cancelled: {when}`, with the reason or the team's message, and a link to book again. */
export function renderGuestCancelled(
  facts: MeetingFacts,
  data: { byStaff: boolean; reason: string | null; bookUrl: string },
): Promise<RenderedEmail> {
  const subject = oneLine(`${facts.what} cancelled: ${facts.when}`);
  return renderEmail(
    subject,
    <Letter
      subject={subject}
      name={facts.guestName}
      lines={[
        data.byStaff
          ? `${facts.hostName} had to cancel your meeting on ${facts.when}. We are sorry.`
          : `Your meeting with ${facts.hostName} on ${facts.when} is cancelled, as you asked.`,
        'It is removed from your calendar. You can book another time whenever you like.',
      ]}
      quote={data.reason}
      link={{ href: data.bookUrl, button: 'Book another time' }}
      footer="Sent because a call you booked with us was cancelled."
    />,
  );
}

/** To the guest, before the meeting: `Reminder: {what} in 24 hours` (or `in 1 hour`). */
export function renderGuestReminder(
  facts: MeetingFacts,
  data: { lead: '24 hours' | '1 hour'; manageUrl: string },
): Promise<RenderedEmail> {
  const subject = `Reminder: ${facts.what} in ${data.lead}`;
  return renderEmail(
    subject,
    <Letter
      subject={oneLine(subject)}
      name={facts.guestName}
      lines={[`Your meeting with ${facts.hostName} is on ${facts.when}.`, whereLine(facts)]}
      link={{ href: data.manageUrl, button: 'Reschedule or cancel' }}
      footer="Sent because you booked a call with us."
    />,
  );
}

/** To the host: `New booking` / `Booking moved` / `Booking cancelled`: {guest}, {when}, with the topic and a link to the week. */
export function renderHostBooking(
  facts: MeetingFacts,
  data: {
    change: 'booked' | 'moved' | 'cancelled';
    guestEmail: string;
    topic: string | null;
    message: string | null;
    weekUrl: string;
  },
): Promise<RenderedEmail> {
  const title = { booked: 'New booking', moved: 'Booking moved', cancelled: 'Booking cancelled' }[data.change];
  const subject = oneLine(`${title}: ${facts.guestName}, ${facts.when}`);
  const lines = [
    `${facts.what} with ${facts.guestName} (${data.guestEmail}${facts.guestPhone ? `, ${facts.guestPhone}` : ''}) on ${facts.when}.`,
    data.change === 'cancelled'
      ? 'It is removed from your calendar.'
      : facts.meetingUrl
        ? `Join the call at ${facts.meetingUrl}`
        : `Call ${facts.guestName}${facts.guestPhone ? ` on ${facts.guestPhone}` : ''}.`,
  ];
  if (data.topic) lines.push(`Topic: ${data.topic}`);
  return renderEmail(
    subject,
    <Letter
      subject={subject}
      name={facts.hostName}
      lines={lines}
      quote={data.message}
      link={{ href: data.weekUrl, button: 'Open the bookings' }}
      footer="Sent because a call was booked with you."
    />,
  );
}
