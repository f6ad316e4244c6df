/**
 * Tables of the public website (docs/product.md#records): leads from the contact, audit and
 * emergency forms (with subject, services, source and urgent, phone for the emergency form, and
 * the score, report or failure of the audit), and newsletter sign-ups.
 * Timestamps are stored as integer milliseconds since the Unix epoch.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { boolean, json, now, timestamp } from './columns.ts';
import type { AuditReport } from '../../src/shared/audit.ts';
import { LEAD_STATUSES } from '../../src/shared/projects.ts';
import { clients, MESSAGE_VIA } from './portal.ts';

/**
 * Where a lead came from: the landing contact form, the audit page, the emergency form, or a live
 * chat (one started while nobody was online, or one staff converted).
 */
export const LEAD_SOURCES = ['landing', 'audit', 'emergency', 'chat', 'booking'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export type { LeadStatus } from '../../src/shared/projects.ts';

export const contactSubmissions = sqliteTable(
  'contact_submissions',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    message: text('message').notNull(),
    howDidYouFindUs: text('how_did_you_find_us'),
    subject: text('subject'),
    services: json('services').$type<string[]>(),
    source: text('source', { enum: LEAD_SOURCES }).notNull(),
    urgent: boolean('urgent').notNull().default(false),
    /**
     * Kept but taken for a bot (an emergency request sent sooner than a person could fill the form,
     * or with the hidden field filled): shown to staff, never emailed as urgent.
     */
    suspectedSpam: boolean('suspected_spam').notNull().default(false),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
    /** The audit's score out of 100, for leads from the audit page (docs/product.md#website-audit). */
    auditScore: integer('audit_score'),
    /** The whole audit report (checks, issues, recommendations), for the lead's page. */
    auditReport: json('audit_report').$type<AuditReport>(),
    /**
     * Why the audit of an audit lead could not be run (the message the visitor was shown, e.g.
     * 'We could not find that website. Please check the address.'); null when it ran.
     */
    auditError: text('audit_error'),
    /** The client this lead became ("Convert to client", docs/product.md#leads); null until then. */
    clientId: text('client_id').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at').notNull().default(now),
    /** When the lead was erased or anonymised (docs/product.md#privacy). */
    erasedAt: timestamp('erased_at'),
  },
  (t) => [index('contact_submissions_created_at_idx').on(t.createdAt)],
);

export const newsletterSubscribers = sqliteTable('newsletter_subscribers', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  /** Stored lower-cased and trimmed; unique, so a second sign-up is ignored. */
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at').notNull().default(now),
});

/**
 * Staff notes on a lead (docs/product.md#leads): who wrote it (kept as text too, so the note
 * outlives the staff account) and when. Deleted with the lead.
 */
export const leadNotes = sqliteTable(
  'lead_notes',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    leadId: text('lead_id')
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: 'cascade' }),
    authorId: text('author_id'),
    author: text('author').notNull(),
    body: text('body').notNull(),
    /** A staff note, or the lead's own reply to one of its emails (docs/product.md#email-replies). */
    via: text('via', { enum: MESSAGE_VIA }).notNull().default('portal'),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('lead_notes_lead_created_idx').on(t.leadId, t.createdAt)],
);
