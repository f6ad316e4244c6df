/**
 * What a due group's rows say, for its email (docs/product.md#notifications): the team's messages,
 * files and answered approvals, and the client's updates on one project, each with the files a
 * message carries. What the email says is read at send time: rows that need no email any more are
 * returned as `skipped`: a message read meanwhile, a file deleted meanwhile, a file that went into
 * a message (whose email lists it), an approval asked for that the client answered (or staff
 * deleted) meanwhile, an answer to an approval deleted meanwhile.
 */
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '../../shared/projects.ts';
import type {
  ApprovalDecisionItem,
  ClientFileItem,
  ClientMessageItem,
  ClientUpdateItem,
  FileMention,
} from '../services/email/templates/types.ts';
import { attachmentsOf } from '../services/files/attachments.ts';
import type { Database } from '../db/database.ts';
import type { loadGroup } from '../services/email/notifications.ts';
import { approvalStates, fileStates, type FileState } from '../services/email/work-notifications.ts';

type Item = NonNullable<Awaited<ReturnType<typeof loadGroup>>>['items'][number];

const statusLabel = (status: unknown) => PROJECT_STATUS_LABELS[status as ProjectStatus] ?? String(status);

/** The files and approvals the rows of `items` name, as they are now, read once for the whole group. */
async function stateOf(db: Database, items: Item[]) {
  const messageIds = items.flatMap((i) => (i.message && i.communicationId ? [i.communicationId] : []));
  const fileIds = items.flatMap((i) => (typeof i.payload.fileId === 'string' ? [i.payload.fileId] : []));
  const approvalIds = items.flatMap((i) => (typeof i.payload.approvalId === 'string' ? [i.payload.approvalId] : []));
  const [attachments, files, approvals] = await Promise.all([
    attachmentsOf(db.read, messageIds),
    fileStates(db.read, fileIds),
    approvalStates(db.read, approvalIds),
  ]);
  const mentions = (i: Item): FileMention[] | undefined =>
    attachments.get(i.communicationId ?? '')?.map(({ name, size }) => ({ name, size }));
  const file = (i: Item): FileState | undefined => files.get(String(i.payload.fileId));
  /** Whether a row still needs telling, by the state at send time. */
  const stillNews = (i: Item): boolean => {
    if (i.message) return !i.message.isRead;
    if (i.kind === 'file_added' || i.kind === 'client_file') {
      const state = file(i);
      return state !== undefined && !state.inMessage;
    }
    // Rows written before approvals carried their id are told as they were.
    if (typeof i.payload.approvalId !== 'string') return true;
    const status = approvals.get(i.payload.approvalId);
    if (i.kind === 'approval_requested') return status === 'pending';
    if (i.kind === 'approval_decided') return status !== undefined;
    return true;
  };
  return { mentions, file, stillNews };
}

/**
 * The team's part of a group: messages (with attachments), files and decisions, each oldest
 * first, with the ids batched into the email and those skipped.
 */
export async function teamItems(db: Database, items: Item[]) {
  const { mentions, file, stillNews } = await stateOf(db, items);
  const live = items.filter(stillNews);
  const messages: ClientMessageItem[] = [];
  const files: ClientFileItem[] = [];
  const decisions: ApprovalDecisionItem[] = [];
  for (const i of live) {
    if (i.message) {
      const attachments = mentions(i);
      messages.push({
        projectId: i.message.projectId,
        projectTitle: i.message.projectTitle,
        subject: i.message.subject,
        message: i.message.message,
        sentAt: i.message.createdAt,
        ...(attachments ? { attachments } : {}),
        ...(i.message.authorName ? { from: i.message.authorName } : {}),
      });
    } else if (i.kind === 'client_file') {
      const state = file(i)!;
      files.push({ projectTitle: i.projectTitle, name: state.name, size: state.size, addedAt: i.createdAt });
    } else if (i.kind === 'approval_decided') {
      decisions.push({
        projectTitle: i.projectTitle,
        title: String(i.payload.title),
        decision: i.payload.decision === 'approved' ? 'approved' : 'changes-requested',
        comment: typeof i.payload.comment === 'string' ? i.payload.comment : null,
        by: String(i.payload.by),
        decidedAt: i.createdAt,
      });
    }
  }
  return { messages, files, decisions, ...split(items, live) };
}

/** The client's part of a group about one project, oldest first, with the ids batched and skipped. */
export async function clientItems(db: Database, items: Item[]) {
  const { mentions, file, stillNews } = await stateOf(db, items);
  const live = items.filter(stillNews);
  const updates = live.map((i): ClientUpdateItem => {
    if (i.kind === 'team_message' && i.message) {
      const attachments = mentions(i);
      return {
        kind: 'team_message',
        subject: i.message.subject,
        message: i.message.message,
        sentAt: i.message.createdAt,
        ...(attachments ? { attachments } : {}),
      };
    }
    if (i.kind === 'file_added') {
      const state = file(i)!;
      return { kind: 'file_added', name: state.name, size: state.size, addedAt: i.createdAt };
    }
    if (i.kind === 'approval_requested') {
      return { kind: 'approval_requested', title: String(i.payload.title), requestedAt: i.createdAt };
    }
    if (i.kind === 'milestone_completed') {
      return {
        kind: 'milestone_completed',
        title: String(i.payload.title),
        completedAt: new Date(String(i.payload.completedAt)),
      };
    }
    return {
      kind: 'project_status',
      from: statusLabel(i.payload.from),
      to: statusLabel(i.payload.to),
      changedAt: i.createdAt,
    };
  });
  return { updates, ...split(items, live) };
}

function split(all: Item[], live: Item[]) {
  const kept = new Set(live.map((i) => i.id));
  return { batched: [...kept], skipped: all.filter((i) => !kept.has(i.id)).map((i) => i.id) };
}
