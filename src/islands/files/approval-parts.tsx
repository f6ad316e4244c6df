/**
 * What both sides show of approvals (docs/product.md#approvals): the status as a badge
 * ('Awaiting approval', 'Approved', 'Changes requested'), what was asked about (the file, with a
 * download link, or the milestone), the decision with who, when and the comment, and a project's
 * activity: files added, approvals asked for and answered, in the order they happened.
 */
import { CheckCircle2, FileUp, MessageSquareWarning, Send } from 'lucide-react';
import { formatDateTime } from '../lib/format.ts';
import { cn } from '../lib/cn.ts';
import { FileLink } from './file-list.tsx';

/** An approval as both APIs carry it. */
export interface ListedApproval {
  id: string;
  title: string;
  status: 'pending' | 'approved' | 'changes-requested';
  requestedByName: string;
  requestedAt: string;
  decidedAt: string | null;
  decidedByName: string | null;
  comment: string | null;
  subjectSha256: string;
  file: { id: string; name: string; size: number; type: string } | null;
  milestone: { id: string; title: string; description: string | null } | null;
}

const STATUS_TEXT = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  'changes-requested': 'Changes requested',
} as const;
const STATUS_TONE = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  'changes-requested': 'bg-red-100 text-red-900',
} as const;

export function ApprovalBadge({ status }: { status: ListedApproval['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
        STATUS_TONE[status],
      )}
    >
      {STATUS_TEXT[status]}
    </span>
  );
}

/** What the approval is about: the file (to download) or the milestone, or that it was deleted. */
export function ApprovalSubject({ approval }: { approval: ListedApproval }) {
  if (approval.file) {
    return (
      <p className="text-sm text-ink-700">
        File: <FileLink file={approval.file} />
      </p>
    );
  }
  if (approval.milestone) {
    return (
      <div className="text-sm text-ink-700">
        <p>
          Milestone: <span className="font-semibold text-ink-900">{approval.milestone.title}</span>
        </p>
        {approval.milestone.description && <p className="mt-1 whitespace-pre-line">{approval.milestone.description}</p>}
      </div>
    );
  }
  return <p className="text-sm text-ink-700">What was asked about has since been deleted.</p>;
}

/** The decision: who answered, when, and the comment as written. */
export function ApprovalDecision({ approval }: { approval: ListedApproval }) {
  if (approval.status === 'pending' || !approval.decidedAt) return null;
  return (
    <div className="mt-2 text-sm">
      <p className="text-ink-700">
        {approval.status === 'approved' ? 'Approved' : 'Changes requested'} by {approval.decidedByName} on{' '}
        {formatDateTime(approval.decidedAt)}
      </p>
      {approval.comment && (
        <blockquote className="mt-1 border-l-4 border-brand-600 bg-brand-50 px-3 py-1 whitespace-pre-line text-ink-900">
          {approval.comment}
        </blockquote>
      )}
    </div>
  );
}

interface ActivityFile {
  id: string;
  name: string;
  uploaderName: string;
  createdAt: string;
}

/** One line of a project's activity: when, an icon, and what happened. */
export type ActivityEntry = { key: string; at: string; icon: typeof Send; text: string };
type Entry = ActivityEntry;

/** A project's files and approvals as one list, oldest first. */
export function activityOf(files: ActivityFile[], approvals: ListedApproval[]): Entry[] {
  const entries: Entry[] = files.map((f) => ({
    key: `f-${f.id}`,
    at: f.createdAt,
    icon: FileUp,
    text: `${f.uploaderName} added ${f.name}`,
  }));
  for (const a of approvals) {
    entries.push({
      key: `r-${a.id}`,
      at: a.requestedAt,
      icon: Send,
      text: `${a.requestedByName} asked for approval: ${a.title}`,
    });
    if (a.decidedAt && a.status !== 'pending') {
      entries.push({
        key: `d-${a.id}`,
        at: a.decidedAt,
        icon: a.status === 'approved' ? CheckCircle2 : MessageSquareWarning,
        text:
          a.status === 'approved'
            ? `${a.decidedByName} approved ${a.title}`
            : `${a.decidedByName} requested changes on ${a.title}`,
      });
    }
  }
  return entries.sort((x, y) => x.at.localeCompare(y.at));
}

/** The activity list; `empty` when nothing happened yet. */
export function ProjectActivity({ entries, empty }: { entries: Entry[]; empty: string }) {
  if (entries.length === 0) return <p className="text-ink-700">{empty}</p>;
  return (
    <ol className="grid gap-2" aria-label="Project activity">
      {entries.map(({ key, at, icon: Icon, text }) => (
        <li key={key} className="flex items-start gap-2 text-sm">
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-700" />
          <div className="min-w-0 flex-1">
            <p className="wrap-anywhere text-ink-900">{text}</p>
            <time dateTime={at} className="block text-xs text-ink-700">
              {formatDateTime(at)}
            </time>
          </div>
        </li>
      ))}
    </ol>
  );
}
