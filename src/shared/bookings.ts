/**
 * Booking a call (docs/product.md#bookings): the meeting types, the defaults of a staff member's
 * availability, and the shapes the booking API answers with. Times are ISO 8601 in UTC; a
 * weekly interval's `from`/`to` are wall-clock "HH:mm" in the agency's zone (SITE_TIME_ZONE).
 */

/** The kinds of meeting: the public free consultation and a client's project meeting. */
export const MEETING_TYPES = ['consultation', 'project'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

/** Each meeting type's name and length in minutes (docs/product.md#bookings). */
export const MEETING_TYPE_DETAILS: Record<MeetingType, { label: string; minutes: number }> = {
  consultation: { label: 'Free consultation', minutes: 30 },
  project: { label: 'Project meeting', minutes: 45 },
};

/** Slots start every 15 minutes from the start of a working interval (docs/product.md#bookings). */
export const SLOT_STEP_MINUTES = 15;

/** The most days one slots request may cover. */
export const SLOT_DAYS_MAX = 62;

/** A weekly working interval: ISO weekday (1 Monday … 7 Sunday), wall-clock "HH:mm" in the agency's zone. */
interface WeeklyInterval {
  day: number;
  from: string;
  to: string;
}

/** A staff member's availability as the API carries it (GET and PUT /api/admin/availability). */
export interface AvailabilityJson {
  weekly: WeeklyInterval[];
  /** Free minutes kept between two of the member's meetings. */
  bufferMinutes: number;
  /** How long before a meeting it may be booked at the latest, in hours. */
  minNoticeHours: number;
  /** How far ahead a meeting may be booked, in days. */
  horizonDays: number;
  /** Dates ("YYYY-MM-DD", the agency's zone) with no meetings. */
  daysOff: string[];
}

/**
 * What a staff member who never set their availability offers (docs/product.md#bookings):
 * Monday to Friday 09:00–17:00, 15 minutes between meetings, 12 hours' notice, 30 days ahead.
 */
export const DEFAULT_AVAILABILITY: AvailabilityJson = {
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '17:00' })),
  bufferMinutes: 15,
  minNoticeHours: 12,
  horizonDays: 30,
  daysOff: [],
};

/** A bookable time: ISO 8601 in UTC. */
export interface SlotJson {
  start: string;
  end: string;
}

/** GET /api/bookings/slots: the agency's zone and the free slots, earliest first. */
export interface SlotsJson {
  timeZone: string;
  type: MeetingType;
  minutes: number;
  /** True when there is no video-call link (MEETING_URL): the host phones the guest, so a phone number is required. */
  phoneRequired: boolean;
  slots: SlotJson[];
}

type BookingStatus = 'confirmed' | 'cancelled';

/** A booking as its guest sees it (POST /api/bookings/manage, /reschedule, /cancel). */
export interface GuestBookingJson {
  id: string;
  type: MeetingType;
  status: BookingStatus;
  start: string;
  end: string;
  name: string;
  email: string;
  phone: string | null;
  topic: string | null;
  /** The staff member's display name. */
  hostName: string;
  /** Where the meeting happens: MEETING_URL, or null when the host calls the guest's phone. */
  meetingUrl: string | null;
  /** The agency's zone. */
  timeZone: string;
  /** Whether it can still be moved or cancelled (confirmed, and not yet ended). */
  canChange: boolean;
}

/** A booking as staff see it (GET /api/admin/bookings). */
export interface StaffBookingJson extends GuestBookingJson {
  hostId: string;
  leadId: string | null;
  projectId: string | null;
  projectTitle: string | null;
  clientName: string | null;
  cancelReason: string | null;
  /** Who cancelled: the guest or staff; null while confirmed. */
  cancelledBy: 'guest' | 'staff' | null;
  createdAt: string;
  /** A confirmed meeting whose host is no longer on the staff (nobody was free to take it over). */
  hostLeft: boolean;
}
