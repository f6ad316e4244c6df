/**
 * A proposal's status as the portal says it (docs/product.md#proposals): a sent or viewed one is
 * 'Waiting for your answer', the others say what happened ('Accepted', 'Declined', 'Expired',
 * 'Withdrawn'), as a badge that never wraps. Who may answer: an `owner` or a `billing` member
 * (the server's `signingRoles`, src/server/middleware/client-roles.ts).
 */
import { OPEN_PROPOSAL_STATUSES, type ProposalStatus } from '../../shared/proposals.ts';
import type { ClientRole } from '../../shared/team.ts';
import { cn } from '../lib/cn.ts';

/** Whether a proposal in `status` may still be accepted or declined. */
export const isOpen = (status: ProposalStatus) => OPEN_PROPOSAL_STATUSES.includes(status);

/** Whether a member with `role` may sign or decline a proposal. */
export const mayAnswer = (role: ClientRole) => role === 'owner' || role === 'billing';

const LABELS: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Waiting for your answer',
  viewed: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const TONES: Record<ProposalStatus, string> = {
  draft: 'bg-slate-200 text-slate-900',
  sent: 'bg-amber-100 text-amber-900',
  viewed: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-900',
  withdrawn: 'bg-slate-200 text-slate-900',
};

/** The status of a proposal as a coloured badge. */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
        TONES[status],
      )}
    >
      {LABELS[status]}
    </span>
  );
}
