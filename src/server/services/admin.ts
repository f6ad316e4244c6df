/**
 * What staff manage (SPEC.md 2.11, 3.2, 7; issue 4): clients and projects with their audit
 * events (written in the same transaction as the change), and the lists of communications and
 * leads, newest first.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  clients,
  communications,
  contactSubmissions,
  milestones,
  projects,
  type LeadStatus,
} from '../../../db/schema/index.ts';
import type { AdminClientValues, AdminProjectValues, MilestoneValues } from '../../shared/schemas/admin.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db.ts';
import { recordEvent, type Actor } from './audit.ts';
import { DuplicateEmailError, createClient, normalizeEmail, toPublicClient } from './clients.ts';
import { isUniqueViolation } from './db-errors.ts';

/** Clients, newest first, each with its number of projects (for the delete confirmation). */
export async function listClients(db: Database) {
  const rows = await db
    .select({ client: clients, projectCount: count(projects.id) })
    .from(clients)
    .leftJoin(projects, eq(projects.clientId, clients.id))
    .groupBy(clients.id)
    .orderBy(desc(clients.createdAt));
  return rows.map((r) => ({ ...toPublicClient(r.client), projectCount: r.projectCount }));
}

export async function adminCreateClient(db: Database, actor: Actor, values: AdminClientValues) {
  if (!values.password) throw new MissingPasswordError();
  const passwordHash = await hashPassword(values.password);
  return db.transaction(async (tx) => {
    const client = await createClient(tx, {
      name: values.name,
      email: values.email,
      company: values.company ?? undefined,
      phone: values.phone ?? undefined,
      passwordHash,
    });
    await recordEvent(tx, actor, 'create', 'client', client.id, `Created client ${client.name} <${client.email}>`);
    return toPublicClient(client);
  });
}

/** Thrown when a new client has no password (the form requires one, SPEC.md 2.11). */
export class MissingPasswordError extends Error {
  constructor() {
    super('Password is required for a new client');
  }
}

/** Updates a client; an absent password keeps the current one. Null when the client does not exist. */
export async function adminUpdateClient(db: Database, actor: Actor, id: string, values: AdminClientValues) {
  const passwordHash = values.password ? await hashPassword(values.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(clients)
        .set({
          name: values.name,
          email: normalizeEmail(values.email),
          company: values.company,
          phone: values.phone,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(clients.id, id))
        .returning();
      if (!row) return null;
      await recordEvent(
        tx,
        actor,
        'update',
        'client',
        id,
        `Updated client ${row.name}${passwordHash ? ' (new password)' : ''}`,
      );
      return toPublicClient(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateEmailError();
    throw error;
  }
}

/** Deletes a client with its projects, milestones and messages; returns false when it did not exist. */
export async function adminDeleteClient(db: Database, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(clients).where(eq(clients.id, id)).returning();
    if (!row) return false;
    await recordEvent(tx, actor, 'delete', 'client', id, `Deleted client ${row.name} and all of its projects`);
    return true;
  });
}

/**
 * Projects, newest first, each with its client's name embedded (SPEC.md 3.2) and its numbers of
 * milestones and messages (what its delete takes with it).
 */
export async function listProjects(db: Database) {
  const rows = await db
    .select({
      project: projects,
      clientName: clients.name,
      clientCompany: clients.company,
      milestoneCount: sql<number>`(select count(*) from ${milestones} where ${milestones.projectId} = ${projects.id})`,
      messageCount: sql<number>`(select count(*) from ${communications} where ${communications.projectId} = ${projects.id})`,
    })
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .orderBy(desc(projects.createdAt));
  return rows.map((r) => ({
    ...r.project,
    client: r.clientName === null ? null : { name: r.clientName, company: r.clientCompany },
    milestoneCount: r.milestoneCount,
    messageCount: r.messageCount,
  }));
}

async function clientExists(db: Database, clientId: string): Promise<boolean> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return Boolean(row);
}

/** Thrown when a project names a client that does not exist. */
export class UnknownClientError extends Error {
  constructor() {
    super('Client is required');
  }
}

export async function adminCreateProject(db: Database, actor: Actor, values: AdminProjectValues) {
  if (!(await clientExists(db, values.clientId))) throw new UnknownClientError();
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(projects)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    await recordEvent(tx, actor, 'create', 'project', row.id, `Created project ${row.title}`);
    return row;
  });
}

export async function adminUpdateProject(db: Database, actor: Actor, id: string, values: AdminProjectValues) {
  if (!(await clientExists(db, values.clientId))) throw new UnknownClientError();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(projects.id, id))
      .returning();
    if (!row) return null;
    await recordEvent(tx, actor, 'update', 'project', id, `Updated project ${row.title} (${row.status})`);
    return row;
  });
}

export async function adminDeleteProject(db: Database, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(projects).where(eq(projects.id, id)).returning();
    if (!row) return false;
    await recordEvent(tx, actor, 'delete', 'project', id, `Deleted project ${row.title}`);
    return true;
  });
}

/** Communications, newest first, with the project's title embedded (SPEC.md 3.2). */
export async function listCommunications(db: Database) {
  const rows = await db
    .select({ communication: communications, projectTitle: projects.title })
    .from(communications)
    .leftJoin(projects, eq(projects.id, communications.projectId))
    .orderBy(desc(communications.createdAt));
  return rows.map((r) => ({
    ...r.communication,
    project: r.projectTitle === null ? null : { title: r.projectTitle },
  }));
}

/** Leads (contact submissions), newest first. */
export function listLeads(db: Database) {
  return db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt));
}

/**
 * A reply from the team on a project (fromClient false; unread until the client opens the
 * project). With `inReplyTo`, that client message on the same project is marked read in the same
 * transaction (UnknownMessageError, and nothing is stored, when it is not a client message of that
 * project). Null when the project does not exist.
 */
export async function adminReply(
  db: Database,
  actor: Actor,
  projectId: string,
  input: { subject: string; message: string; inReplyTo?: string },
) {
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, title: projects.title })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) return null;
    const [row] = await tx
      .insert(communications)
      .values({ projectId, fromClient: false, subject: input.subject, message: input.message, createdAt: new Date() })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    if (input.inReplyTo) {
      const answered = await tx
        .update(communications)
        .set({ isRead: true })
        .where(
          and(
            eq(communications.id, input.inReplyTo),
            eq(communications.projectId, projectId),
            eq(communications.fromClient, true),
          ),
        )
        .returning({ id: communications.id });
      if (answered.length === 0) throw new UnknownMessageError();
    }
    await recordEvent(tx, actor, 'create', 'communication', row.id, `Replied on ${project.title}: ${input.subject}`);
    return row;
  });
}

/** Thrown when a reply names a message that is not a client message of the same project. */
export class UnknownMessageError extends Error {
  constructor() {
    super('The message answered is not a client message of this project');
  }
}

/** Marks a message read or unread; null when it does not exist. */
export async function adminSetMessageRead(db: Database, actor: Actor, id: string, isRead: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(communications).set({ isRead }).where(eq(communications.id, id)).returning();
    if (!row) return null;
    await recordEvent(
      tx,
      actor,
      'update',
      'communication',
      id,
      `Marked "${row.subject}" ${isRead ? 'read' : 'unread'}`,
    );
    return row;
  });
}

/** A project's milestones in order; null when the project does not exist. */
export async function adminListMilestones(db: Database, projectId: string) {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) return null;
  return db
    .select()
    .from(milestones)
    .where(eq(milestones.projectId, projectId))
    .orderBy(asc(milestones.orderIndex), asc(milestones.createdAt));
}

function completion(status: MilestoneValues['status'], now: Date): Date | null {
  return status === 'completed' ? now : null;
}

/** Adds a milestone at the end of the project's list; null when the project does not exist. */
export async function adminCreateMilestone(db: Database, actor: Actor, projectId: string, values: MilestoneValues) {
  const existing = await adminListMilestones(db, projectId);
  if (!existing) return null;
  const now = new Date();
  const orderIndex = existing.reduce((max, m) => Math.max(max, m.orderIndex), 0) + 1;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(milestones)
      .values({
        ...values,
        projectId,
        orderIndex,
        completedAt: completion(values.status, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    await recordEvent(tx, actor, 'create', 'milestone', row.id, `Added milestone ${row.title}`);
    return row;
  });
}

/** Edits a milestone; completedAt follows the status. Null when it does not exist. */
export async function adminUpdateMilestone(db: Database, actor: Actor, id: string, values: MilestoneValues) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(milestones).where(eq(milestones.id, id));
    if (!current) return null;
    const now = new Date();
    const completedAt = values.status === 'completed' ? (current.completedAt ?? now) : null;
    const [row] = await tx
      .update(milestones)
      .set({ ...values, completedAt, updatedAt: now })
      .where(eq(milestones.id, id))
      .returning();
    await recordEvent(tx, actor, 'update', 'milestone', id, `Updated milestone ${values.title} (${values.status})`);
    return row ?? null;
  });
}

export async function adminDeleteMilestone(db: Database, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(milestones).where(eq(milestones.id, id)).returning();
    if (!row) return false;
    await recordEvent(tx, actor, 'delete', 'milestone', id, `Deleted milestone ${row.title}`);
    return true;
  });
}

/** Thrown when a new order does not list exactly the project's milestones. */
export class MilestoneOrderError extends Error {
  constructor() {
    super('List every milestone of the project exactly once');
  }
}

/** Puts the project's milestones in the order of `ids`; null when the project does not exist. */
export async function adminReorderMilestones(db: Database, actor: Actor, projectId: string, ids: string[]) {
  const existing = await adminListMilestones(db, projectId);
  if (!existing) return null;
  const known = new Set(existing.map((m) => m.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
    throw new MilestoneOrderError();
  }
  await db.transaction(async (tx) => {
    for (const [index, id] of ids.entries()) {
      await tx
        .update(milestones)
        .set({ orderIndex: index + 1, updatedAt: new Date() })
        .where(eq(milestones.id, id));
    }
    await recordEvent(tx, actor, 'update', 'project', projectId, 'Reordered milestones');
  });
  return adminListMilestones(db, projectId);
}

/** Sets a lead's status; null when the lead does not exist. */
export async function adminSetLeadStatus(db: Database, actor: Actor, id: string, status: LeadStatus) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(contactSubmissions).set({ status }).where(eq(contactSubmissions.id, id)).returning();
    if (!row) return null;
    await recordEvent(tx, actor, 'update', 'lead', id, `Lead ${row.name} is now ${status}`);
    return row;
  });
}
