/**
 * What privacy requires the agency to keep and to prove (docs/product.md#privacy;
 * docs/decisions/0032-privacy-export-erasure-consent.md).
 *
 * - `consent_records`: every consent the site asks for, given or withdrawn, append-only: whose
 *   (an anonymous visitor id, a client, a lead, a newsletter subscriber), the purpose, the exact
 *   text shown (its version and SHA-256), how it was asked, and when. No IP address is kept.
 * - `data_exports`: a person's export, queued by the request and built by the notification worker
 *   (under a lease, so a build whose worker died is taken up again) into a ZIP in the storage,
 *   fetched once with a 48-hour token (a `data-export` single-use token whose subject is the
 *   export's id, db/schema/tokens.ts); `expires_at` is that link's expiry.
 *
 * Timestamps are integer milliseconds since the Unix epoch.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { boolean, now, timestamp } from './columns.ts';

const uuid = () => crypto.randomUUID();

/** Whose consent: a visitor (an anonymous id from a cookie), a client, a lead, a newsletter subscriber. */
export const CONSENT_SUBJECTS = ['visitor', 'client', 'lead', 'subscriber'] as const;
/** What the consent is for. */
export const CONSENT_PURPOSES = ['analytics', 'newsletter', 'contact-processing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** How it was asked: the cookie banner, a form's notice, a checkbox, the settings. */
export const CONSENT_METHODS = ['banner', 'form', 'checkbox', 'settings'] as const;

export const consentRecords = sqliteTable(
  'consent_records',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    subjectKind: text('subject_kind', { enum: CONSENT_SUBJECTS }).notNull(),
    subjectId: text('subject_id').notNull(),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    granted: boolean('granted').notNull(),
    /** The version of the text shown (src/shared/consent-texts.ts) and the SHA-256 of that text. */
    textVersion: text('text_version').notNull(),
    textSha256: text('text_sha256').notNull(),
    method: text('method', { enum: CONSENT_METHODS }).notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('consent_records_subject_idx').on(t.subjectKind, t.subjectId, t.createdAt)],
);

export const EXPORT_STATES = ['queued', 'ready', 'failed', 'downloaded', 'expired'] as const;

export const dataExports = sqliteTable(
  'data_exports',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    subjectKind: text('subject_kind', { enum: ['client', 'lead'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    /** Who asked: 'self', or the staff member's name. */
    requestedBy: text('requested_by').notNull(),
    /** Where the link goes. */
    email: text('email').notNull(),
    status: text('status', { enum: EXPORT_STATES }).notNull().default('queued'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    /** Tries of the build so far, and the lease of the worker building it (a dead worker's lapses). */
    attempts: integer('attempts').notNull().default(0),
    leaseExpiresAt: timestamp('lease_expires_at'),
    expiresAt: timestamp('expires_at'),
    createdAt: timestamp('created_at').notNull().default(now),
    finishedAt: timestamp('finished_at'),
    downloadedAt: timestamp('downloaded_at'),
  },
  (t) => [
    index('data_exports_subject_idx').on(t.subjectKind, t.subjectId, t.createdAt),
    index('data_exports_status_idx').on(t.status),
  ],
);
