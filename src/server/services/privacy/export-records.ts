/**
 * What a person's data export holds (docs/product.md#privacy; docs/decisions/0032-privacy-export-erasure-consent.md):
 * every record about a client or a lead, as plain rows grouped by kind, plus the files that person
 * uploaded. Left out: password hashes, session and link token hashes, TOTP secrets and recovery
 * codes, passkeys' public keys, and files the team marked internal. Staff appear by display name
 * only (`staffDisplayName`), never by their email address. Timestamps are ISO 8601 strings.
 */
import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  approvals,
  chatConversations,
  clientSessions,
  clients,
  communications,
  contactSubmissions,
  milestones,
  notificationEmails,
  passkeys,
  projectFiles,
  projects,
  recoveryCodes,
  totpCredentials,
} from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { consentsOfClient } from './consent.ts';
import {
  chatsOf,
  consentRows,
  filePath,
  iso,
  leadsAndNotes,
  newsletterOf,
  staff,
  type ExportContent,
} from './export-common.ts';
import type { Database } from '../../db/database.ts';

/** Every record about client `id`, as the module says. NotFoundError('Client'). */
export async function clientExportContent(db: Database, id: string): Promise<ExportContent> {
  const [client] = await db.read.select().from(clients).where(eq(clients.id, id));
  if (!client) throw new NotFoundError('Client');
  const projectRows = await db.read
    .select()
    .from(projects)
    .where(eq(projects.clientId, id))
    .orderBy(asc(projects.createdAt));
  const projectIds = projectRows.map((p) => p.id);
  const inProjects = (column: SQLiteColumn) => (projectIds.length === 0 ? eq(column, '') : inArray(column, projectIds));
  const milestoneRows = await db.read
    .select()
    .from(milestones)
    .where(inProjects(milestones.projectId))
    .orderBy(asc(milestones.orderIndex));
  const messages = await db.read
    .select()
    .from(communications)
    .where(inProjects(communications.projectId))
    .orderBy(asc(communications.createdAt));
  const fileRows = await db.read
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.clientId, id), eq(projectFiles.internal, false)))
    .orderBy(asc(projectFiles.createdAt));
  const approvalRows = await db.read
    .select()
    .from(approvals)
    .where(inProjects(approvals.projectId))
    .orderBy(asc(approvals.requestedAt));
  const sessions = await db.read.select().from(clientSessions).where(eq(clientSessions.clientId, id));
  const ownKeys = await db.read
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.kind, 'client'), eq(passkeys.userId, id)));
  const [totp] = await db.read
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.kind, 'client'), eq(totpCredentials.userId, id)));
  const codes = await db.read
    .select({ usedAt: recoveryCodes.usedAt })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.kind, 'client'), eq(recoveryCodes.userId, id)));
  const emails = await db.read
    .select()
    .from(notificationEmails)
    .where(like(notificationEmails.to, `%"${client.email}"%`))
    .orderBy(asc(notificationEmails.createdAt));
  const ownFiles = fileRows.filter((f) => f.uploadedBy === 'client');
  return {
    subject: { kind: 'client', id, name: client.name },
    records: {
      profile: [
        {
          id: client.id,
          name: client.name,
          email: client.email,
          company: client.company,
          phone: client.phone,
          active: client.isActive,
          emailNotifications: client.emailNotifications,
          createdAt: iso(client.createdAt),
          updatedAt: iso(client.updatedAt),
        },
      ],
      projects: projectRows.map((p) => ({
        id: p.id,
        title: p.title,
        description: p.description,
        status: p.status,
        startDate: p.startDate,
        endDate: p.endDate,
        estimatedHours: p.estimatedHours,
        actualHours: p.actualHours,
        budgetCents: p.budget,
        createdAt: iso(p.createdAt),
        updatedAt: iso(p.updatedAt),
      })),
      milestones: milestoneRows.map((m) => ({
        id: m.id,
        projectId: m.projectId,
        title: m.title,
        description: m.description,
        status: m.status,
        dueDate: m.dueDate,
        completedAt: iso(m.completedAt),
      })),
      messages: messages.map((m) => ({
        id: m.id,
        projectId: m.projectId,
        from: m.fromClient ? 'You' : 'Agency',
        subject: m.subject,
        message: m.message,
        readAt: iso(m.readAt),
        createdAt: iso(m.createdAt),
      })),
      files: fileRows.map((f) => ({
        id: f.id,
        projectId: f.projectId,
        name: f.name,
        sizeBytes: f.size,
        type: f.type,
        sha256: f.sha256,
        uploadedBy: f.uploadedBy === 'client' ? 'You' : staff(f.uploaderName),
        messageId: f.communicationId,
        inThisArchive: f.uploadedBy === 'client' ? filePath(f.projectId, f.id, f.name) : null,
        createdAt: iso(f.createdAt),
      })),
      approvals: approvalRows.map((a) => ({
        id: a.id,
        projectId: a.projectId,
        title: a.title,
        status: a.status,
        subjectSha256: a.subjectSha256,
        requestedBy: staff(a.requestedByName),
        requestedAt: iso(a.requestedAt),
        decidedAt: iso(a.decidedAt),
        decidedByName: a.decidedByName,
        decidedByEmail: a.decidedByEmail,
        decisionIp: a.decisionIp,
        comment: a.comment,
      })),
      sessions: sessions.map((s) => ({
        signedInAt: iso(s.createdAt),
        lastSeenAt: iso(s.lastSeenAt),
        expiresAt: iso(s.expiresAt),
        method: s.method,
        browser: s.userAgent,
        ipAddress: s.ipAddress,
      })),
      passkeys: ownKeys.map((k) => ({ name: k.name, createdAt: iso(k.createdAt), lastUsedAt: iso(k.lastUsedAt) })),
      two_step_verification: totp?.confirmedAt
        ? [{ since: iso(totp.confirmedAt), recoveryCodesLeft: codes.filter((c) => !c.usedAt).length }]
        : [],
      emails: emails.map((e) => ({
        subject: e.subject,
        status: e.status,
        queuedAt: iso(e.createdAt),
        sentAt: iso(e.sentAt),
      })),
      ...(await leadsAndNotes(db, or(eq(contactSubmissions.clientId, id), eq(contactSubmissions.email, client.email)))),
      ...(await chatsOf(db, or(eq(chatConversations.clientId, id), eq(chatConversations.email, client.email)))),
      consents: consentRows(await consentsOfClient(db, id)),
      newsletter: await newsletterOf(db, client.email),
    },
    files: ownFiles.map((f) => ({ path: filePath(f.projectId, f.id, f.name), storageKey: f.storageKey, size: f.size })),
  };
}
