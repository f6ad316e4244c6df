/**
 * Approvals in the portal (docs/product.md#approvals): each one asked of the client, with what it
 * is about (the file to download, or the milestone) and, while it waits, **Approve** and
 * **Request changes** with a comment (required to request changes). The answer is final: once
 * sent it shows who answered and when. One press at a time: a double click sends one answer, and a
 * 409 (answered meanwhile, from another tab, say) refreshes the list, which then shows the answer. 'Awaiting your approval' lists the waiting ones across projects.
 */
import { Check, MessageSquareWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { approvalDecisionSchema } from '../../shared/schemas/approvals.ts';
import { ApprovalBadge, ApprovalDecision, ApprovalSubject } from '../files/approval-parts.tsx';
import { messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { restatesScreen, useSinglePress } from '../lib/use-submit.ts';
import { useDecideApproval } from './mutations.ts';
import type { PortalApproval } from './queries.ts';

function DecisionForm({ approval }: { approval: PortalApproval }) {
  const decide = useSinglePress(useDecideApproval(approval.id));
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const send = (decision: 'approved' | 'changes-requested') => {
    const parsed = approvalDecisionSchema.safeParse({ decision, ...(comment.trim() ? { comment } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the comment');
      return;
    }
    setError(null);
    decide.press(parsed.data, {
      onSuccess: () =>
        toast({
          title: decision === 'approved' ? 'Approved' : 'Changes requested',
          description: 'The team has been told.',
        }),
      onError: (failure) => {
        // Answered meanwhile: the refreshed list shows the answer, which is all there is to say.
        if (restatesScreen(failure)) return;
        toast({
          title: 'Your answer was not sent',
          description: messageOf(failure, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      aria-label={`Answer: ${approval.title}`}
      className="mt-3 grid gap-3"
    >
      <div>
        <label htmlFor={`${id}-comment`} className="field-label">
          Comment <span className="font-normal text-ink-700">(required to request changes)</span>
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          className="field-input"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={decide.pending} onClick={() => send('approved')}>
          <Check aria-hidden="true" className="size-4" /> Approve
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={decide.pending}
          onClick={() => send('changes-requested')}
        >
          <MessageSquareWarning aria-hidden="true" className="size-4" /> Request changes
        </button>
      </div>
    </form>
  );
}

/** One approval: title, state, who asked and when, what it is about, and the answer or the form. */
export function ApprovalCard({ approval, showProject = false }: { approval: PortalApproval; showProject?: boolean }) {
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-ink-700/10">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-ink-900">{approval.title}</h3>
        <ApprovalBadge status={approval.status} />
      </div>
      <p className="mt-1 text-sm text-ink-700">
        {showProject && approval.projectTitle ? (
          <>
            <a href={`/portal/projects/${approval.projectId}`} className="font-semibold text-brand-700 hover:underline">
              {approval.projectTitle}
            </a>
            {' · '}
          </>
        ) : null}
        Asked by {approval.requestedByName} on {formatDateTime(approval.requestedAt)}
      </p>
      <div className="mt-2">
        <ApprovalSubject approval={approval} />
      </div>
      {approval.status === 'pending' ? <DecisionForm approval={approval} /> : <ApprovalDecision approval={approval} />}
    </li>
  );
}

/** The waiting approvals across the client's projects; nothing at all when none wait. */
export function AwaitingApprovals({ approvals }: { approvals: PortalApproval[] }) {
  const waiting = approvals.filter((a) => a.status === 'pending');
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="awaiting-title" className="grid gap-4">
      <h2 id="awaiting-title" className="text-xl font-bold text-ink-900">
        Awaiting your approval ({waiting.length})
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2">
        {waiting.map((a) => (
          <ApprovalCard key={a.id} approval={a} showProject />
        ))}
      </ul>
    </section>
  );
}
