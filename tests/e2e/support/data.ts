/**
 * Test data written straight into the end-to-end server's database (DATABASE_URL of
 * scripts/e2e-env.mjs), through the server's own code: its database opener, its password hashing
 * and its session functions. Records are plain drizzle inserts into the schema's tables. Every
 * import of server code used by the tests lives in this file.
 */
import { eq } from 'drizzle-orm';
import {
  clientMembers,
  communications,
  contactSubmissions,
  milestones,
  notificationEmails,
  projects,
  users,
} from '../../../db/schema/index.ts';
import { e2eEnv } from '../../../scripts/e2e-env.mjs';
import { hashPassword } from '../../../src/server/services/sign-in/passwords.ts';
import { type Database } from '../../../src/server/db/database.ts';
import { openDatabaseHandle, type DatabaseHandle } from '../../support/database.ts';
import { queueCounts } from '../../../src/server/services/email/queue.ts';
import { createSession } from '../../../src/server/services/sign-in/sessions.ts';
import { unsubscribeLinks } from '../../../src/server/services/email/unsubscribe.ts';
import { insertClient } from '../../../src/server/services/clients/clients.ts';
import { insertMember } from '../../../src/server/services/clients/members.ts';
import { createReplyAddress } from '../../../src/server/services/inbound/reply-tokens.ts';
import type { ClientRole } from '../../../src/shared/team.ts';

export type { Database };

export const E2E_PORT = process.env.E2E_PORT ?? '4322';

/** Opens the test server's database (the server has created and migrated it). */
export function openTestDatabase(): Promise<DatabaseHandle> {
  return openDatabaseHandle(e2eEnv(E2E_PORT).DATABASE_URL!);
}

/** Opens another database by URL (a server a test started itself). */
export function openDatabaseAt(url: string): Promise<DatabaseHandle> {
  return openDatabaseHandle(url);
}

/** How many notifications are pending, emails open (queued or sending) and emails sent. */
export function queueState(db: Database): Promise<{ pending: number; open: number; sent: number }> {
  return queueCounts(db);
}

export interface SessionToken {
  token: string;
  expiresAt: Date;
}

/** A new session of `kind` for the client or staff user `userId`, made as sign-in makes it. */
export async function newSession(db: Database, kind: 'client' | 'staff', userId: string): Promise<SessionToken> {
  const { token, session } = await createSession(db, kind, userId);
  return { token, expiresAt: session.expiresAt };
}

/** A word no other test run will produce, for names and emails. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`;
}

type ProjectStatus = (typeof projects.$inferInsert)['status'];
type MilestoneStatus = (typeof milestones.$inferInsert)['status'];

export interface MilestoneSpec {
  title: string;
  status?: MilestoneStatus;
  description?: string;
  dueDate?: string;
  completedAt?: Date;
}

export interface MessageSpec {
  fromClient: boolean;
  subject: string;
  message: string;
  isRead?: boolean;
  /** When the other side read it (shown as "Seen"). */
  readAt?: Date;
  createdAt?: Date;
}

export interface ProjectSpec {
  title: string;
  description?: string;
  status?: ProjectStatus;
  startDate?: string;
  endDate?: string;
  estimatedHours?: number;
  /** US cents. */
  budget?: number;
  createdAt?: Date;
  milestones?: MilestoneSpec[];
  messages?: MessageSpec[];
}

export interface ClientSpec {
  name?: string;
  /** Default: a unique address at example.com. */
  email?: string;
  company?: string;
  phone?: string;
  /** Hashed with the server's argon2id; without one the client cannot use the sign-in form. */
  password?: string;
  projects?: ProjectSpec[];
}

export interface CreatedProject {
  id: string;
  title: string;
}

export interface CreatedClient {
  id: string;
  /** The client's first owner, the person who signs in (docs/product.md#client-teams). */
  memberId: string;
  name: string;
  email: string;
  password?: string;
  projects: CreatedProject[];
}

/**
 * Inserts a client, its owner (joined, so a session of theirs works even without a password), its
 * projects, their milestones (in the given order) and messages.
 */
export async function createClientWithData(db: Database, spec: ClientSpec = {}): Promise<CreatedClient> {
  const suffix = uniqueSuffix();
  const name = spec.name ?? `Client ${suffix}`;
  const email = (spec.email ?? `client-${suffix}@example.com`).toLowerCase();
  // Without a password nobody can use the sign-in form.
  const passwordHash = spec.password === undefined ? null : await hashPassword(spec.password);
  return db.write(async (tx) => {
    const client = await insertClient(tx, {
      name,
      email,
      company: spec.company ?? null,
      phone: spec.phone ?? null,
      passwordHash,
    });
    await tx.update(clientMembers).set({ joinedAt: new Date() }).where(eq(clientMembers.id, client.owner.id));
    const created: CreatedClient = {
      id: client.id,
      memberId: client.owner.id,
      name,
      email,
      password: spec.password,
      projects: [],
    };
    for (const project of spec.projects ?? []) {
      const { milestones: steps = [], messages = [], ...fields } = project;
      const [row] = await tx
        .insert(projects)
        .values({ ...fields, clientId: client.id })
        .returning();
      created.projects.push({ id: row!.id, title: row!.title });
      if (steps.length > 0) {
        await tx.insert(milestones).values(steps.map((m, i) => ({ ...m, projectId: row!.id, orderIndex: i + 1 })));
      }
      if (messages.length > 0) {
        // A client's message is its owner's, as the portal records one (docs/product.md#client-teams).
        const author = (m: MessageSpec) => (m.fromClient ? { authorId: client.owner.id, authorName: name } : {});
        await tx.insert(communications).values(messages.map((m) => ({ ...m, ...author(m), projectId: row!.id })));
      }
    }
    return created;
  });
}

export interface MemberSpec {
  role: ClientRole;
  name?: string;
  /** Default: a unique address at example.com. */
  email?: string;
  /** Hashed with the server's argon2id; without one the member cannot use the sign-in form. */
  password?: string;
}

/**
 * Adds a person to client `clientId`'s team (docs/product.md#client-teams), joined (as after an
 * accepted invitation), so a session of theirs works at once. Returns their member id, name and email.
 */
export async function addTeamMember(
  db: Database,
  clientId: string,
  spec: MemberSpec,
): Promise<{ id: string; name: string; email: string }> {
  const suffix = uniqueSuffix();
  const name = spec.name ?? `Member ${suffix}`;
  const email = (spec.email ?? `member-${suffix}@example.com`).toLowerCase();
  const passwordHash = spec.password === undefined ? null : await hashPassword(spec.password);
  const member = await db.write((tx) =>
    insertMember(tx, { clientId, name, email, role: spec.role, passwordHash, joinedAt: new Date() }),
  );
  return { id: member.id, name, email };
}

/** The staff user for `email` (one of E2E_ADMIN_EMAILS), created on first use. */
export async function staffUser(db: Database, email: string): Promise<{ id: string; username: string }> {
  const username = email.toLowerCase();
  await db.write((tx) => tx.insert(users).values({ username }).onConflictDoNothing({ target: users.username }));
  const [user] = await db.read.select().from(users).where(eq(users.username, username)).limit(1);
  return { id: user!.id, username: user!.username };
}

/** A notification email that failed after every try, as the worker leaves one; returns its id. */
export async function insertFailedEmail(db: Database, subject: string): Promise<string> {
  const [row] = await db.write((tx) =>
    tx
      .insert(notificationEmails)
      .values({
        audience: 'team',
        to: ['owner@agency.example'],
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
        headers: {},
        status: 'failed',
        attempts: 8,
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      })
      .returning({ id: notificationEmails.id }),
  );
  return row!.id;
}

/** The state of a notification email. */
export async function emailState(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db.read
    .select({ status: notificationEmails.status })
    .from(notificationEmails)
    .where(eq(notificationEmails.id, id));
  return row?.status;
}

/**
 * The unsubscribe addresses of member `memberId`'s emails (`pageUrl` for the text, `postUrl` for
 * the List-Unsubscribe header), made as the mail worker makes them, under the test server's SITE_URL.
 */
export function unsubscribeLinksFor(db: Database, memberId: string): Promise<{ pageUrl: string; postUrl: string }> {
  return unsubscribeLinks(db, e2eEnv(E2E_PORT).SITE_URL!, memberId);
}

type LeadSpec = Partial<typeof contactSubmissions.$inferInsert> & { name: string };

/** Inserts leads as the public forms store them (a landing-page lead unless told otherwise); returns their ids. */
export async function insertLeads(db: Database, leads: LeadSpec[]): Promise<string[]> {
  const rows = await db.write((tx) =>
    tx
      .insert(contactSubmissions)
      .values(leads.map((lead) => ({ message: 'Hello', source: 'landing' as const, ...lead })))
      .returning({ id: contactSubmissions.id }),
  );
  return rows.map((row) => row.id);
}

/** Who a reply address on a project was given to: a client member, or a staff user. */
interface ReplyRecipient {
  kind: 'member' | 'staff';
  /** The member's or the staff user's id. */
  id: string;
  /** The address the email went to: a reply must come from it to be posted. */
  email: string;
}

/**
 * A reply address `reply+<token>@<domain>` on project `projectId` for `recipient`, made with the
 * server's own function, as a client's update email or a staff member's copy of a client's message
 * makes one (docs/product.md#email-replies); the e2e server sends those only after its
 * notification delay.
 */
export function projectReplyAddress(
  db: Database,
  domain: string,
  projectId: string,
  recipient: ReplyRecipient,
): Promise<string> {
  return createReplyAddress(db, domain, {
    threadKind: 'project',
    threadId: projectId,
    recipientKind: recipient.kind,
    recipientId: recipient.id,
    recipientEmail: recipient.email,
  });
}
