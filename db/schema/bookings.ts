/**
 * Booking calls (docs/product.md#bookings; docs/decisions/0045-booking-calls.md): each staff
 * member's availability, the booked meetings, the reminder emails queued for them and each
 * member's private calendar feed. Timestamps are integer milliseconds since the Unix epoch.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth.ts';
import { notificationEmails } from './notifications.ts';
import { clientMembers, clients, projects } from './portal.ts';
import { contactSubmissions } from './site.ts';
import { json, now, timestamp } from './columns.ts';

const uuid = () => crypto.randomUUID();

/** One weekly working interval, as stored: ISO weekday 1–7 and wall-clock "HH:mm" in SITE_TIME_ZONE. */
export interface StoredInterval {
  day: number;
  from: string;
  to: string;
}

/** A staff member's availability; a member without a row offers the defaults (docs/product.md#bookings). */
export const staffAvailability = sqliteTable('staff_availability', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: json('weekly').$type<StoredInterval[]>().notNull(),
  bufferMinutes: integer('buffer_minutes').notNull(),
  minNoticeHours: integer('min_notice_hours').notNull(),
  horizonDays: integer('horizon_days').notNull(),
  /** "YYYY-MM-DD" dates in SITE_TIME_ZONE. */
  daysOff: json('days_off').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at').notNull().default(now),
});

export const BOOKING_TYPES = ['consultation', 'project'] as const;
export const BOOKING_STATES = ['confirmed', 'cancelled'] as const;

/**
 * One booked meeting with one staff member (the host). `sequence` is the calendar invitation's
 * SEQUENCE, raised by every change; the manage link's token is kept only as its SHA-256. The
 * partial unique index makes two confirmed meetings of one host at one start impossible even
 * outside the booking check.
 */
export const bookings = sqliteTable(
  'bookings',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    type: text('type', { enum: BOOKING_TYPES }).notNull(),
    status: text('status', { enum: BOOKING_STATES }).notNull().default('confirmed'),
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    /** The host's name when booked, kept if the staff member is removed. */
    hostName: text('host_name').notNull(),
    startAt: timestamp('start_at').notNull(),
    endAt: timestamp('end_at').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    topic: text('topic'),
    leadId: text('lead_id').references(() => contactSubmissions.id, { onDelete: 'set null' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    clientId: text('client_id').references(() => clients.id, { onDelete: 'set null' }),
    memberId: text('member_id').references(() => clientMembers.id, { onDelete: 'set null' }),
    manageTokenHash: text('manage_token_hash').notNull(),
    sequence: integer('sequence').notNull().default(0),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by', { enum: ['guest', 'staff'] }),
    cancelledAt: timestamp('cancelled_at'),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('bookings_manage_token_idx').on(t.manageTokenHash),
    uniqueIndex('bookings_host_start_idx')
      .on(t.hostId, t.startAt)
      .where(sql`${t.status} = 'confirmed'`),
    index('bookings_start_idx').on(t.startAt),
    index('bookings_lead_idx').on(t.leadId),
  ],
);

/** The reminder emails queued for a booking (24 h and 1 h before): taken back when it is moved or cancelled. */
export const bookingReminders = sqliteTable(
  'booking_reminders',
  {
    emailId: text('email_id')
      .primaryKey()
      .references(() => notificationEmails.id, { onDelete: 'cascade' }),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
  },
  (t) => [index('booking_reminders_booking_idx').on(t.bookingId)],
);

/** A staff member's private calendar feed: only the SHA-256 of its secret is kept; deleting the row revokes it. */
export const calendarFeeds = sqliteTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at').notNull().default(now),
});
