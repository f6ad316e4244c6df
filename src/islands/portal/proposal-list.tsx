/**
 * The portal home's `Proposals` (docs/product.md#proposals), above the projects and only when
 * there is at least one: each proposal's title, status, one-off total, monthly total and how long
 * it is valid, with `Review and sign` (open, for an owner or billing member), `Review` (open, for a
 * member) or `View` (answered, expired or withdrawn). Every role sees it. It follows live updates.
 */
import { ArrowRight, FileSignature } from 'lucide-react';
import { formatCents } from '../../shared/proposals.ts';
import type { ClientRole } from '../../shared/team.ts';
import { formatDate } from '../lib/format.ts';
import { isOpen, mayAnswer, ProposalStatusBadge } from './proposal-status.tsx';
import { useProposals, type PortalProposalSummary } from './queries.ts';

/** The words of a proposal's link for a member with `role`. */
function linkText(proposal: PortalProposalSummary, role: ClientRole): string {
  if (!isOpen(proposal.status)) return 'View';
  return mayAnswer(role) ? 'Review and sign' : 'Review';
}

function ProposalRow({ proposal, role }: { proposal: PortalProposalSummary; role: ClientRole }) {
  const open = isOpen(proposal.status);
  const { totals } = proposal;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 p-4 sm:px-6">
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="min-w-0 font-bold wrap-break-word text-ink-900">{proposal.title}</h3>
          <ProposalStatusBadge status={proposal.status} />
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-700">
          <div className="flex gap-1.5">
            <dt>One-off</dt>
            <dd className="font-semibold text-ink-900 tabular-nums">
              {formatCents(totals.oneOffCents)}
              {open && proposal.hasOptionalItems && (
                <span className="font-normal text-ink-700"> before optional items</span>
              )}
            </dd>
          </div>
          {totals.monthlyCents > 0 && (
            <div className="flex gap-1.5">
              <dt>Monthly</dt>
              <dd className="font-semibold text-ink-900 tabular-nums">{formatCents(totals.monthlyCents)} per month</dd>
            </div>
          )}
          <div className="flex gap-1.5">
            <dt>Valid until</dt>
            <dd className="font-semibold text-ink-900">{formatDate(proposal.validUntil)}</dd>
          </div>
        </dl>
      </div>
      <a href={`/portal/proposals/${proposal.id}`} className={open ? 'btn-primary' : 'btn-secondary'}>
        {linkText(proposal, role)}
        <span className="sr-only">: {proposal.title}</span>
        <ArrowRight aria-hidden="true" className="size-4" />
      </a>
    </li>
  );
}

/** The client's proposals, newest first; nothing while loading, on a failure, or when there are none. */
export function ProposalsSection({ role }: { role: ClientRole }) {
  const proposals = useProposals();
  if (!proposals.data || proposals.data.length === 0) return null;
  return (
    <section aria-labelledby="proposals-title" className="mt-8 rounded-2xl bg-white shadow-sm ring-1 ring-ink-700/10">
      <h2
        id="proposals-title"
        className="flex items-center gap-2 border-b border-ink-700/10 px-4 py-4 text-xl font-bold text-ink-900 sm:px-6"
      >
        <FileSignature aria-hidden="true" className="size-5 text-brand-700" /> Proposals
      </h2>
      <ul aria-labelledby="proposals-title" className="divide-y divide-ink-700/10">
        {proposals.data.map((proposal) => (
          <ProposalRow key={proposal.id} proposal={proposal} role={role} />
        ))}
      </ul>
    </section>
  );
}
