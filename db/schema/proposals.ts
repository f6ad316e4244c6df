/**
 * Proposals and signed agreements (docs/product.md#proposals, docs/product.md#agreements;
 * docs/decisions/0042-proposals-and-agreements.md).
 *
 * - `terms_versions`: each published version of the site's Terms of Service that a proposal was
 *   sent with: its text and SHA-256, kept so that an old proposal still names its words.
 * - `proposals`: one version of a proposal to a client (or to a lead, until sending makes the lead a
 *   client's invited owner). Items are JSON (src/shared/proposals.ts `ProposalItem`); money is
 *   integer US cents; `one_off_cents`, `monthly_cents` and `deposit_cents` are the totals of the
 *   required items, computed by the server on every save. Sending freezes it: `document` is the
 *   canonical JSON of what was offered and `document_hash` its SHA-256; a change is a new version
 *   (`series_id` shared, `version` + 1) and sending that one withdraws the one it replaces.
 * - `proposal_templates`: proposals saved to start others from (the built-in ones are code,
 *   services/proposals/templates.ts).
 * - `agreements`: a signature, written once and never changed (a trigger refuses any UPDATE): the
 *   signed document (canonical JSON) and its SHA-256, the signer (member id, the name as typed,
 *   email, role), time, address, user agent, consent version and the drawn signature. Its PDF is
 *   `agreement_documents` (written once, after the signature's transaction), whose SHA-256 is how
 *   `/verify` recognises a PDF this site issued.
 *
 * Timestamps are integer milliseconds since the Unix epoch; days are 'YYYY-MM-DD'.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ProposalItem } from '../../src/shared/proposals.ts';
import { PROPOSAL_STATUSES } from '../../src/shared/proposals.ts';
import { json, now, timestamp } from './columns.ts';
import { users } from './auth.ts';
import { projectFiles } from './files.ts';
import { clients } from './portal.ts';
import { contactSubmissions } from './site.ts';

const uuid = () => crypto.randomUUID();

export const termsVersions = sqliteTable('terms_versions', {
  /** The Terms' `updated` day, 'YYYY-MM-DD'. */
  version: text('version').primaryKey(),
  title: text('title').notNull(),
  /** Markdown, as published. */
  text: text('text').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at').notNull().default(now),
});

export const proposals = sqliteTable(
  'proposals',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    /** The first version's id, shared by every version. */
    seriesId: text('series_id').notNull(),
    version: integer('version').notNull().default(1),
    /** The client it is for; null for a lead's draft until it is sent. */
    clientId: text('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** The lead it was written for, if any (kept once the lead is a client). */
    leadId: text('lead_id').references(() => contactSubmissions.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Markdown. */
    intro: text('intro').notNull().default(''),
    items: json('items').$type<ProposalItem[]>().notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    depositPercent: integer('deposit_percent').notNull().default(0),
    /** Extra clauses (Markdown), or null. */
    extraTerms: text('extra_terms'),
    /** The Terms of Service version it was written (and sent) with. */
    termsVersion: text('terms_version').notNull(),
    /** The last day it may be accepted, in the agency's time zone. */
    validUntil: text('valid_until').notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('draft'),
    /** Totals of the required items, US cents. */
    oneOffCents: integer('one_off_cents').notNull().default(0),
    monthlyCents: integer('monthly_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    /** Set when sent: the canonical JSON of what was offered, and its SHA-256 (hex). */
    document: text('document'),
    documentHash: text('document_hash'),
    sentAt: timestamp('sent_at'),
    firstViewedAt: timestamp('first_viewed_at'),
    lastViewedAt: timestamp('last_viewed_at'),
    decidedAt: timestamp('decided_at'),
    declineReason: text('decline_reason'),
    /** Who decided (a client member's name), for the staff screens. */
    decidedByName: text('decided_by_name'),
    withdrawnAt: timestamp('withdrawn_at'),
    /** The version that replaced it, when sending a newer one withdrew it. */
    replacedById: text('replaced_by_id'),
    reminderSentAt: timestamp('reminder_sent_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [
    index('proposals_client_idx').on(t.clientId, t.createdAt),
    index('proposals_lead_idx').on(t.leadId, t.createdAt),
    index('proposals_series_idx').on(t.seriesId, t.version),
    index('proposals_status_idx').on(t.status, t.validUntil),
  ],
);

export const proposalTemplates = sqliteTable('proposal_templates', {
  id: text('id').primaryKey().$defaultFn(uuid),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  intro: text('intro').notNull().default(''),
  items: json('items').$type<ProposalItem[]>().notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  depositPercent: integer('deposit_percent').notNull().default(0),
  extraTerms: text('extra_terms'),
  /** How many days a proposal started from it is valid for. */
  validDays: integer('valid_days').notNull().default(30),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at').notNull().default(now),
});

export const agreements = sqliteTable(
  'agreements',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    proposalId: text('proposal_id')
      .notNull()
      .unique()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The project the signature started (no foreign key: an agreement outlives its project and is never updated). */
    projectId: text('project_id'),
    /** The signed document's canonical JSON (src/shared/proposals.ts `SignedDocument`), exactly as hashed. */
    document: text('document').notNull(),
    documentHash: text('document_hash').notNull(),
    /** The client member who signed (no foreign key: the record outlives the account). */
    signerMemberId: text('signer_member_id').notNull(),
    /** The name as typed. */
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    signerRole: text('signer_role').notNull(),
    signedAt: timestamp('signed_at').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    consentVersion: text('consent_version').notNull(),
    /** Normalized SVG of the drawn signature, or null. */
    signatureSvg: text('signature_svg'),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('agreements_client_idx').on(t.clientId, t.signedAt)],
);

export const agreementDocuments = sqliteTable('agreement_documents', {
  agreementId: text('agreement_id')
    .primaryKey()
    .references(() => agreements.id, { onDelete: 'cascade' }),
  /** Its own copy of the PDF in the storage (the project's file may be deleted; this stays). */
  storageKey: text('storage_key').notNull().unique(),
  /** SHA-256 (hex) of the PDF's bytes: what /verify looks up. */
  pdfSha256: text('pdf_sha256').notNull().unique(),
  size: integer('size').notNull(),
  /** The copy on the project's Files, if it is still there. */
  fileId: text('file_id').references(() => projectFiles.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at').notNull().default(now),
});
