/**
 * Notifications about the work on a project (docs/product.md#notifications, docs/product.md#files,
 * docs/product.md#approvals): files added and approvals asked for and answered. Like messages,
 * they are written in the transaction of what they report and go out in the batched emails:
 * the client's per project, the team's per client.
 *
 * A file added by staff tells the client, one added by the client tells the team. A file that is
 * attached to a message by the time its email is due is left to that message's email, which lists
 * it (`fileStates` lets the worker see that), and a file deleted meanwhile is not mentioned.
 */
import { inArray } from 'drizzle-orm';
import { approvals, projectFiles, type ApprovalStatus } from '../../../../db/schema/index.ts';
import type { SqlDb } from '../../db/database.ts';
import { enqueue } from './notifications.ts';

interface Owner {
  clientId: string;
  projectId: string;
}

/** A file added to the project's Files, by `by`: the other side is told. Internal files are not. */
export function notifyFileAdded(tx: SqlDb, owner: Owner, file: { id: string; by: 'client' | 'staff' }): Promise<void> {
  return file.by === 'staff'
    ? enqueue(tx, {
        kind: 'file_added',
        audience: 'client',
        groupKey: `client:project:${owner.projectId}`,
        ...owner,
        payload: { fileId: file.id },
      })
    : enqueue(tx, {
        kind: 'client_file',
        audience: 'team',
        groupKey: `team:client:${owner.clientId}`,
        ...owner,
        payload: { fileId: file.id },
      });
}

/** Staff asked for an approval titled `title`: the client is told. */
export function notifyApprovalRequested(tx: SqlDb, owner: Owner, approval: { id: string; title: string }) {
  return enqueue(tx, {
    kind: 'approval_requested',
    audience: 'client',
    groupKey: `client:project:${owner.projectId}`,
    ...owner,
    payload: { approvalId: approval.id, title: approval.title },
  });
}

/** The client's decision on an approval: the team is told, with the comment as written. */
export function notifyApprovalDecided(
  tx: SqlDb,
  owner: Owner,
  decision: { id: string; title: string; decision: string; comment: string | null; by: string },
) {
  return enqueue(tx, {
    kind: 'approval_decided',
    audience: 'team',
    groupKey: `team:client:${owner.clientId}`,
    ...owner,
    payload: {
      approvalId: decision.id,
      title: decision.title,
      decision: decision.decision,
      comment: decision.comment,
      by: decision.by,
    },
  });
}

/** What the worker needs to know of a file when its email is due. */
export interface FileState {
  name: string;
  /** Bytes. */
  size: number;
  /** True once the file went into a message (that message's email lists it). */
  inMessage: boolean;
}

/** The files `ids` that still exist, by id. */
export async function fileStates(db: SqlDb, ids: readonly string[]): Promise<Map<string, FileState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: projectFiles.id,
      name: projectFiles.name,
      size: projectFiles.size,
      communicationId: projectFiles.communicationId,
    })
    .from(projectFiles)
    .where(inArray(projectFiles.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { name: r.name, size: r.size, inMessage: r.communicationId !== null }]));
}

/**
 * The status now ('pending', 'approved', 'changes-requested') of each approval of `ids` that
 * still exists, by id: an approval asked for but answered (or deleted) before its email is due
 * is no longer news to the client (docs/product.md#notifications).
 */
export async function approvalStates(db: SqlDb, ids: readonly string[]): Promise<Map<string, ApprovalStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: approvals.id, status: approvals.status })
    .from(approvals)
    .where(inArray(approvals.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.status]));
}
