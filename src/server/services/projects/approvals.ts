/**
 * Approvals (docs/product.md#approvals; docs/decisions/0030-files-and-approvals.md): staff ask a
 * project's client to approve a milestone or a file; the client approves or requests changes.
 *
 * The request records the SHA-256 of what is asked about (the file's bytes; the milestone's title
 * and description), so the decision is about those exact contents; a new version is a new request.
 * A decision is written once, by a conditional update of a pending row: a second decision, or two
 * at once, finds it decided and gets ConflictError. It records who (name and email at the time),
 * when and from which address, and is never changed afterwards.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { approvals, milestones, projectFiles, projects } from '../../../../db/schema/index.ts';
import { staffDisplayName, staffName } from '../../../shared/staff-name.ts';
import { AppError, InvalidFieldError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordProjectsUpdated } from '../events/events.ts';
import { toJson } from '../../db/json.ts';
import { notifyApprovalDecided, notifyApprovalRequested } from '../email/work-notifications.ts';

type ApprovalRow = typeof approvals.$inferSelect;

/** SHA-256 (hex) of a milestone's contents as approved: its title, a line break, its description. */
function milestoneDigest(milestone: { title: string; description: string | null }): string {
  return createHash('sha256')
    .update(`${milestone.title}\n${milestone.description ?? ''}`, 'utf8')
    .digest('hex');
}

/**
 * Asks the project's client for an approval of a milestone or a file of that project, with an
 * admin event and a live update. NotFoundError for a missing project; InvalidFieldError for a
 * milestone or file of another project, or an internal file (the client could not see it).
 * @returns the new approval's id
 */
export async function requestApproval(
  db: Database,
  staff: Actor,
  request: { projectId: string; milestoneId?: string; fileId?: string; title: string },
): Promise<string> {
  return db.write(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, request.projectId));
    if (!project) throw new NotFoundError('Project not found');
    let digest: string;
    if (request.milestoneId) {
      const [milestone] = await tx
        .select()
        .from(milestones)
        .where(and(eq(milestones.id, request.milestoneId), eq(milestones.projectId, project.id)));
      if (!milestone) throw new InvalidFieldError('milestoneId', 'This milestone is not part of the project');
      digest = milestoneDigest(milestone);
    } else {
      const [file] = await tx
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.id, request.fileId!), eq(projectFiles.projectId, project.id)));
      if (!file) throw new InvalidFieldError('fileId', 'This file is not part of the project');
      if (file.internal) throw new InvalidFieldError('fileId', 'An internal file cannot be sent for approval');
      digest = file.sha256;
    }
    const [row] = await tx
      .insert(approvals)
      .values({
        projectId: project.id,
        milestoneId: request.milestoneId ?? null,
        fileId: request.fileId ?? null,
        title: request.title,
        subjectSha256: digest,
        requestedBy: staff.id,
        requestedByName: staffName(staff),
        requestedAt: new Date(),
      })
      .returning({ id: approvals.id });
    await recordAdminEvent(tx, staff, 'create', 'approval', row!.id, `Asked for approval: ${request.title}`);
    const owner = { projectId: project.id, clientId: project.clientId };
    await notifyApprovalRequested(tx, owner, { id: row!.id, title: request.title });
    await recordProjectsUpdated(tx, project.id);
    return row!.id;
  });
}

/** What an approval is about, as the lists show it: the file or the milestone, or null once deleted. */
const subjectColumns = {
  approval: approvals,
  projectTitle: projects.title,
  fileName: projectFiles.name,
  fileSize: projectFiles.size,
  fileType: projectFiles.type,
  milestoneTitle: milestones.title,
  milestoneDescription: milestones.description,
};

type ListedRow = {
  approval: ApprovalRow;
  projectTitle: string | null;
  fileName: string | null;
  fileSize: number | null;
  fileType: string | null;
  milestoneTitle: string | null;
  milestoneDescription: string | null;
};

/**
 * An approval as the API carries it: its fields (who asked by name, an address stored before
 * display names read as one), its project's title, and `file` ({id, name,
 * size, type}) or `milestone` ({id, title, description}) as they are now, null once deleted.
 */
function approvalJson(r: ListedRow) {
  const { approval } = r;
  return {
    ...toJson(approval),
    requestedByName: staffDisplayName(approval.requestedByName),
    projectTitle: r.projectTitle,
    file:
      approval.fileId && r.fileName !== null
        ? { id: approval.fileId, name: r.fileName, size: r.fileSize ?? 0, type: r.fileType ?? '' }
        : null,
    milestone:
      approval.milestoneId && r.milestoneTitle !== null
        ? { id: approval.milestoneId, title: r.milestoneTitle, description: r.milestoneDescription }
        : null,
  };
}

function listed(db: SqlDb) {
  return db
    .select(subjectColumns)
    .from(approvals)
    .innerJoin(projects, eq(projects.id, approvals.projectId))
    .leftJoin(projectFiles, eq(projectFiles.id, approvals.fileId))
    .leftJoin(milestones, eq(milestones.id, approvals.milestoneId));
}

/** A client's approvals over its projects: pending first, then the newest. */
export async function clientApprovals(db: Database, clientId: string) {
  const rows = await listed(db.read)
    .where(eq(projects.clientId, clientId))
    .orderBy(desc(eq(approvals.status, 'pending')), desc(approvals.requestedAt));
  return rows.map(approvalJson);
}

/** A project's approvals, in the order they were asked for (staff's list, and the client's own project). */
export async function projectApprovals(db: Database, projectId: string) {
  const rows = await listed(db.read).where(eq(approvals.projectId, projectId)).orderBy(asc(approvals.requestedAt));
  return rows.map(approvalJson);
}

/**
 * The client's decision on one of its approvals, written once. NotFoundError for an approval of
 * another client (or none); AppError 409 `already_decided` once decided, whoever decided first;
 * AppError 409 `subject_changed` when the milestone was edited, or the milestone or file deleted,
 * since it was asked about (what the client would approve is no longer what was asked: the team
 * asks again).
 * @returns the decided approval
 */
export async function decideApproval(
  db: Database,
  member: { id: string; name: string; email: string; clientId: string },
  id: string,
  decision: { decision: 'approved' | 'changes-requested'; comment?: string },
  address: string,
) {
  return db.write(async (tx) => {
    const [found] = await tx
      .select({ approval: approvals, projectTitle: projects.title })
      .from(approvals)
      .innerJoin(projects, eq(projects.id, approvals.projectId))
      .where(and(eq(approvals.id, id), eq(projects.clientId, member.clientId)));
    if (!found) throw new NotFoundError('Approval not found');
    if (found.approval.status === 'pending' && !found.approval.milestoneId && !found.approval.fileId) {
      throw new AppError(
        409,
        'subject_changed',
        'What this approval was about has been deleted. The team will ask again.',
      );
    }
    if (found.approval.status === 'pending' && found.approval.milestoneId) {
      const [milestone] = await tx.select().from(milestones).where(eq(milestones.id, found.approval.milestoneId));
      if (!milestone || milestoneDigest(milestone) !== found.approval.subjectSha256) {
        throw new AppError(
          409,
          'subject_changed',
          'This milestone changed after the approval was asked for. The team will ask again.',
        );
      }
    }
    const [decided] = await tx
      .update(approvals)
      .set({
        status: decision.decision,
        decidedAt: new Date(),
        decidedByName: member.name,
        decidedByEmail: member.email,
        decidedByMemberId: member.id,
        decisionIp: address,
        comment: decision.comment?.trim() || null,
      })
      .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
      .returning();
    if (!decided) throw new AppError(409, 'already_decided', 'This approval was already answered.');
    await notifyApprovalDecided(
      tx,
      { projectId: decided.projectId, clientId: member.clientId },
      { id, title: decided.title, decision: decided.status, comment: decided.comment, by: member.name },
    );
    await recordProjectsUpdated(tx, decided.projectId);
    const [row] = await listed(tx).where(eq(approvals.id, decided.id));
    return approvalJson(row!);
  });
}
