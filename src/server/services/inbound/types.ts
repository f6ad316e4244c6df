/**
 * The shapes the email-reply pipeline shares (docs/product.md#email-replies): what a door hands
 * over and hears back, what the pipeline runs on, what is known of a received email, and who a
 * reply address lets post.
 */
import type { Database, SqlDb } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import type { FileStorage } from '../../storage/storage.ts';
import type { MessageInput } from '../projects/communications.ts';

/** What a door says became of a message. */
export type InboundStatus = 'posted' | 'held' | 'ignored' | 'duplicate';

/** Who handed the message over, as the SMTP listener saw them (absent for the HTTP door). */
export interface InboundSource {
  door: 'http' | 'smtp';
  envelope?: { mailFrom: string; rcptTo: string[]; remoteAddress: string; clientHostname: string; heloName: string };
}

/** Whether a raw message passes DMARC for its From domain (dmarc.ts, with the envelope's IP and HELO). */
type DmarcCheck = (raw: Buffer, source: InboundSource) => Promise<{ pass: boolean; result: string }>;

/** What the pipeline needs. */
export interface InboundDeps {
  db: Database;
  storage: FileStorage;
  env: Pick<
    Env,
    | 'INBOUND_DOMAIN'
    | 'INBOUND_VERIFY'
    | 'MAIL_FROM'
    | 'ADMIN_EMAILS'
    | 'UPLOAD_MAX_BYTES'
    | 'CLIENT_STORAGE_QUOTA_BYTES'
    | 'SITE_URL'
    | 'TEAM_NOTIFY_TO'
    | 'LEADS_NOTIFY_TO'
  >;
  /** How `strict` mode checks DMARC (dmarc.ts's checkDmarc over live DNS, or fixed answers in tests). */
  dmarc: DmarcCheck;
}

/** What is known of a received email before anything is posted. */
export interface InboundFacts {
  replyTokenId: string;
  messageId: string;
  inReplyTo: string | null;
  references: string | null;
  door: 'http' | 'smtp';
  fromAddress: string;
  fromName: string;
  subject: string;
  attachmentCount: number;
}

/** Where a reply's attachments go: the project's files, recorded as the author's uploads. */
export interface ReplyFiles {
  projectId: string;
  clientId: string;
  uploadedBy: 'client' | 'staff';
  /** The member's id (a client) or null (staff), as project files record the uploader. */
  memberId: string | null;
}

/** Who may post through a reply address, and how. */
export interface ReplyAuthor {
  /** Who they are: a client member, a staff member, a chat visitor, a lead. */
  kind: 'member' | 'staff' | 'visitor' | 'lead';
  /** The address a reply must come from (the person's current one), lower-cased. */
  email: string;
  /** Their name, as the notices greet them and files record them. */
  name: string;
  /** Where attachments go; null where a thread keeps no files (a chat, a lead). */
  files: ReplyFiles | null;
  /** Posts `input` as them in the caller's write `tx`; returns the new message's id. */
  post(tx: SqlDb, input: MessageInput): Promise<string>;
}

/** The settings the threads read: who has staff access, who hears of a lead, the site's address. */
export type ThreadEnv = Pick<Env, 'ADMIN_EMAILS' | 'TEAM_NOTIFY_TO' | 'LEADS_NOTIFY_TO' | 'SITE_URL'>;
