/**
 * Files and approvals (docs/product.md#files, docs/product.md#approvals).
 *
 * - `project_files`: a file uploaded to a project (its Files tab) or attached to a message, by the
 *   client or by staff. The bytes live in the storage (`UPLOADS_DIR` on the local disk, or an
 *   S3-compatible bucket) under `storage_key`, a random key that never carries the uploaded name.
 *   `type` is what the content is (detected from its bytes, never from the name); `sha256` is the
 *   digest of the bytes, which an approval of the file records. `internal` files are never shown
 *   to the client. Deleted with the project (the bytes after the database commit).
 * - `approvals`: staff ask the client to approve a milestone or a file; the client's decision is
 *   written once (who, when, the IP address, the comment) beside the SHA-256 of what was asked
 *   about, and never changed afterwards. A new version is a new approval.
 *
 * Timestamps are integer milliseconds since the Unix epoch.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { boolean, now, timestamp } from './columns.ts';
import { users } from './auth.ts';
import { clientMembers, clients, communications, milestones, projects } from './portal.ts';

const uuid = () => crypto.randomUUID();

/** Who uploaded a file or answered an approval. */
export const FILE_UPLOADERS = ['client', 'staff'] as const;

export const projectFiles = sqliteTable(
  'project_files',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The project's client, kept for the client's storage quota. */
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Where the bytes are in the storage: random, unique, never the uploaded name. */
    storageKey: text('storage_key').notNull().unique(),
    /** The name shown and offered on download: the uploaded name's last part, cleaned. */
    name: text('name').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    /** The media type detected from the content. */
    type: text('type').notNull(),
    /** SHA-256 of the bytes, lower-case hex. */
    sha256: text('sha256').notNull(),
    /** Staff only: never shown to the client. */
    internal: boolean('internal').notNull().default(false),
    uploadedBy: text('uploaded_by', { enum: FILE_UPLOADERS }).notNull(),
    /** The uploader's name or email at the time, kept as text. */
    uploaderName: text('uploader_name').notNull(),
    /** The client member who uploaded it (docs/product.md#client-teams); null for staff and older files. */
    uploaderMemberId: text('uploader_member_id').references(() => clientMembers.id, { onDelete: 'set null' }),
    /** The message it was attached to, if any. */
    communicationId: text('communication_id').references(() => communications.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [
    index('project_files_project_idx').on(t.projectId, t.createdAt),
    index('project_files_client_idx').on(t.clientId),
    index('project_files_communication_idx').on(t.communicationId),
  ],
);

/** pending: waiting for the client; approved or changes-requested: decided, for good. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'changes-requested'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const approvals = sqliteTable(
  'approvals',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** What is to be approved: a milestone or a file (one of the two). */
    milestoneId: text('milestone_id').references(() => milestones.id, { onDelete: 'set null' }),
    fileId: text('file_id').references(() => projectFiles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** SHA-256 (hex) of what was asked about: the file's bytes, or the milestone's title and description. */
    subjectSha256: text('subject_sha256').notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: timestamp('requested_at').notNull().default(now),
    decidedAt: timestamp('decided_at'),
    /** The deciding member's name and email at the time of the decision. */
    decidedByName: text('decided_by_name'),
    decidedByEmail: text('decided_by_email'),
    /** The client member who decided (docs/product.md#client-teams); null for older decisions. */
    decidedByMemberId: text('decided_by_member_id').references(() => clientMembers.id, { onDelete: 'set null' }),
    /** The address the decision came from. */
    decisionIp: text('decision_ip'),
    comment: text('comment'),
  },
  (t) => [index('approvals_project_idx').on(t.projectId, t.requestedAt), index('approvals_status_idx').on(t.status)],
);
