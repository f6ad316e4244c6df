/**
 * What a person's data export holds (docs/product.md#privacy; docs/decisions/0032-privacy-export-erasure-consent.md):
 * every record about a client or a lead, as plain rows grouped by kind, plus the files that person
 * uploaded. Left out: password hashes, session and link token hashes, TOTP secrets and recovery
 * codes, passkeys' public keys, and files the team marked internal. Staff appear by display name
 * only (`staffDisplayName`), never by their email address. Timestamps are ISO 8601 strings.
 */
import { bookingsOfPerson } from '../bookings/records.ts';
import { and, asc, eq, inArray, like, ne, or } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  agreements,
  approvals,
  invoices,
  chatConversations,
  clientSessions,
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
import { findMemberById } from '../clients/members.ts';
import { roleMay } from '../../../shared/team.ts';
import { agreementReference, type SignedDocument } from '../../../shared/proposals.ts';
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

/**
 * Every record about client member `memberId`, as the module says (docs/product.md#client-teams):
 * their own profile, sign-ins, emails, consents, and the projects their role can see (with the
 * messages, files and approvals only for a role that sees a project's work). NotFoundError('Client').
 */
export async function clientExportContent(db: Database, memberId: string): Promise<ExportContent> {
  const member = await findMemberById(db.read, memberId);
  if (!member) throw new NotFoundError('Client');
  const { client } = member;
  const id = client.id;
  const seesWork = roleMay(member.role, 'work');
  const projectRows = await db.read
    .select()
    .from(projects)
    .where(eq(projects.clientId, id))
    .orderBy(asc(projects.createdAt));
  const projectIds = seesWork ? projectRows.map((p) => p.id) : [];
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
    .where(and(inProjects(projectFiles.projectId), eq(projectFiles.internal, false)))
    .orderBy(asc(projectFiles.createdAt));
  const approvalRows = await db.read
    .select()
    .from(approvals)
    .where(inProjects(approvals.projectId))
    .orderBy(asc(approvals.requestedAt));
  const sessions = await db.read.select().from(clientSessions).where(eq(clientSessions.memberId, memberId));
  const ownKeys = await db.read
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.kind, 'client'), eq(passkeys.userId, memberId)));
  const [totp] = await db.read
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.kind, 'client'), eq(totpCredentials.userId, memberId)));
  const codes = await db.read
    .select({ usedAt: recoveryCodes.usedAt })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.kind, 'client'), eq(recoveryCodes.userId, memberId)));
  const emails = await db.read
    .select()
    .from(notificationEmails)
    .where(like(notificationEmails.to, `%"${member.email}"%`))
    .orderBy(asc(notificationEmails.createdAt));
  const ownFiles = fileRows.filter((f) => f.uploaderMemberId === memberId);
  // The agreements this person signed (docs/product.md#agreements): their own signature's record.
  const signed = await db.read
    .select()
    .from(agreements)
    .where(eq(agreements.signerMemberId, memberId))
    .orderBy(asc(agreements.signedAt));
  // The business's invoices, for those who pay (docs/product.md#invoices): `owner` and `billing`.
  const invoiceRows =
    member.role === 'member'
      ? []
      : await db.read
          .select()
          .from(invoices)
          .where(and(eq(invoices.clientId, id), ne(invoices.status, 'draft')))
          .orderBy(asc(invoices.issuedAt));
  return {
    subject: { kind: 'client', id: memberId, name: member.name },
    records: {
      profile: [
        {
          id: client.id,
          name: member.name,
          email: member.email,
          role: member.role,
          business: client.name,
          company: client.company,
          phone: client.phone,
          active: client.isActive,
          emailNotifications: member.emailNotifications,
          createdAt: iso(member.createdAt),
          updatedAt: iso(member.updatedAt),
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
        from: m.fromClient ? (m.authorId === memberId ? 'You' : (m.authorName ?? 'Your team')) : 'Agency',
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
        uploadedBy:
          f.uploaderMemberId === memberId ? 'You' : f.uploadedBy === 'client' ? f.uploaderName : staff(f.uploaderName),
        messageId: f.communicationId,
        inThisArchive: f.uploaderMemberId === memberId ? filePath(f.projectId, f.id, f.name) : null,
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
      agreements: signed.map((a) => ({
        id: a.id,
        reference: agreementReference(a.id),
        proposalId: a.proposalId,
        projectId: a.projectId,
        title: (JSON.parse(a.document) as SignedDocument).proposal.title,
        signerName: a.signerName,
        signerEmail: a.signerEmail,
        signedAt: iso(a.signedAt),
        ipAddress: a.ipAddress,
        browser: a.userAgent,
        consentVersion: a.consentVersion,
        documentSha256: a.documentHash,
      })),
      invoices: invoiceRows.map((i) => ({
        id: i.id,
        number: i.number,
        kind: i.kind,
        status: i.status,
        issuedOn: i.issuedOn,
        dueDate: i.dueDate,
        lines: i.items.map((line) => `${line.quantity} × ${line.description}: ${line.amountCents} cents`).join('\n'),
        subtotalCents: i.subtotalCents,
        taxCents: i.taxCents,
        totalCents: i.totalCents,
        paidCents: i.paidCents,
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
      ...(await leadsAndNotes(db, or(eq(contactSubmissions.clientId, id), eq(contactSubmissions.email, member.email)))),
      ...(await chatsOf(db, or(eq(chatConversations.clientId, id), eq(chatConversations.email, member.email)))),
      bookings: await bookingsOfPerson(db, { memberId, email: member.email }),
      consents: consentRows(await consentsOfClient(db, memberId)),
      newsletter: await newsletterOf(db, member.email),
    },
    files: ownFiles.map((f) => ({ path: filePath(f.projectId, f.id, f.name), storageKey: f.storageKey, size: f.size })),
  };
}
