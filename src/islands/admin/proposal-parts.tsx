/**
 * Small pieces every proposal screen of the dashboard shares (docs/product.md#proposals): the
 * status badge, the link to a proposal's page, whom it is for (a link to the client's or the
 * lead's page), its totals, and what happened to it (sent, viewed, decided) with the times.
 */
import type { ReactNode } from 'react';
import { formatCents, PROPOSAL_STATUS_LABELS, type ProposalStatus } from '../../shared/proposals.ts';
import { formatDateTime } from '../lib/format.ts';
import { Badge } from './parts.tsx';
import type { AdminProposal } from './queries.ts';

const TONE: Record<ProposalStatus, Parameters<typeof Badge>[0]['tone']> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'indigo',
  accepted: 'green',
  declined: 'red',
  expired: 'amber',
  withdrawn: 'gray',
};

/** A proposal's status as a coloured badge ('Viewed'); it never wraps. */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge tone={TONE[status]}>{PROPOSAL_STATUS_LABELS[status]}</Badge>;
}

/** The address of proposal `id`'s page. */
export const proposalHref = (id: string) => `#proposal/${encodeURIComponent(id)}`;

/** A proposal's title as a link to its page; `inRow` for a table row that opens it itself (no tab stop). */
export function ProposalLink({
  id,
  title,
  inRow = false,
  className,
}: {
  id: string;
  title: string;
  inRow?: boolean;
  className?: string;
}) {
  return (
    <a
      href={proposalHref(id)}
      tabIndex={inRow ? -1 : undefined}
      className={className ?? 'font-semibold wrap-anywhere text-brand-700 underline-offset-2 hover:underline'}
    >
      {title}
    </a>
  );
}

/** Whom a proposal is for, as the server names them. */
type Recipient = AdminProposal['recipient'];

/** The name a message about the proposal uses: the client's business, or the lead's name. */
export function recipientName(recipient: Recipient): string {
  return recipient?.business ?? recipient?.name ?? 'the recipient';
}

/**
 * Whom a proposal is for: the business (a link to the client's page) and the person, or the lead
 * (a link to the lead's page); 'Unknown' when the record is gone.
 */
export function RecipientText({
  recipient,
  inRow = false,
  email = true,
}: {
  recipient: Recipient;
  inRow?: boolean;
  /** Whether to show the email too (a table's narrow column leaves it out). */
  email?: boolean;
}) {
  if (!recipient) return <span className="text-ink-700">Unknown</span>;
  const href = `#${recipient.kind}/${encodeURIComponent(recipient.id)}`;
  const main = recipient.business ?? recipient.name;
  return (
    <span className="block min-w-0">
      <a
        href={href}
        tabIndex={inRow ? -1 : undefined}
        className="font-semibold wrap-anywhere text-brand-700 underline-offset-2 hover:underline"
      >
        {main}
      </a>
      {recipient.kind === 'lead' && (
        <>
          {' '}
          <Badge tone="blue">Lead</Badge>
        </>
      )}
      {recipient.kind === 'client' && recipient.business !== recipient.name && (
        <span className="block text-xs wrap-anywhere text-ink-700">{recipient.name}</span>
      )}
      {email && recipient.email && <span className="block text-xs wrap-anywhere text-ink-700">{recipient.email}</span>}
    </span>
  );
}

/** The one-off and monthly totals of the required lines, as the server computed them. */
export function TotalsText({ totals }: { totals: AdminProposal['totals'] }) {
  return (
    <span className="block whitespace-nowrap">
      <span className="block">{formatCents(totals.oneOffCents)} one-off</span>
      {totals.monthlyCents > 0 && (
        <span className="block text-ink-700">{formatCents(totals.monthlyCents)} a month</span>
      )}
    </span>
  );
}

/** One thing that happened to a proposal: its words, when (ISO) and what it adds (a reason). */
export interface ProposalMoment {
  key: string;
  label: string;
  at: string | null;
  detail?: ReactNode;
}

/**
 * What happened to `proposal`, oldest first: drafted (with `drafted`), sent, first and last viewed,
 * accepted or declined (by whom, with the reason), withdrawn.
 */
export function momentsOf(
  proposal: Pick<
    AdminProposal,
    | 'createdAt'
    | 'createdByName'
    | 'sentAt'
    | 'firstViewedAt'
    | 'lastViewedAt'
    | 'decidedAt'
    | 'decidedByName'
    | 'declineReason'
    | 'withdrawnAt'
    | 'status'
  >,
  drafted = true,
): ProposalMoment[] {
  const moments: ProposalMoment[] = [];
  if (drafted || !proposal.sentAt) {
    const by = proposal.createdByName ? ` by ${proposal.createdByName}` : '';
    moments.push({ key: 'drafted', label: `Drafted${by}`, at: proposal.createdAt });
  }
  if (proposal.sentAt) moments.push({ key: 'sent', label: 'Sent', at: proposal.sentAt });
  if (proposal.firstViewedAt) moments.push({ key: 'first-viewed', label: 'First viewed', at: proposal.firstViewedAt });
  if (proposal.lastViewedAt && proposal.lastViewedAt !== proposal.firstViewedAt) {
    moments.push({ key: 'last-viewed', label: 'Last viewed', at: proposal.lastViewedAt });
  }
  if (proposal.decidedAt) {
    const accepted = proposal.status === 'accepted';
    const by = proposal.decidedByName ? ` by ${proposal.decidedByName}` : '';
    moments.push({
      key: 'decided',
      label: `${accepted ? 'Accepted' : 'Declined'}${by}`,
      at: proposal.decidedAt,
      detail: !accepted && proposal.declineReason ? `“${proposal.declineReason}”` : undefined,
    });
  }
  if (proposal.withdrawnAt) moments.push({ key: 'withdrawn', label: 'Withdrawn', at: proposal.withdrawnAt });
  return moments;
}

/** One moment as a line: 'Sent Nov 3, 2026 at 2:05 PM', and its detail under it. */
export function MomentLine({ moment }: { moment: ProposalMoment }) {
  return (
    <>
      <span className="wrap-anywhere">
        {moment.label}
        {moment.at && (
          <>
            {' '}
            <time dateTime={moment.at} className="whitespace-nowrap">
              {formatDateTime(moment.at)}
            </time>
          </>
        )}
      </span>
      {moment.detail && <span className="block text-ink-700 wrap-anywhere">{moment.detail}</span>}
    </>
  );
}

/**
 * A lead's newest proposal as a small line, 'Proposal: Viewed', linking to its page (the lead
 * board's cards, a lead's card and page); nothing for a lead without one.
 */
export function LeadProposalLink({
  proposal,
}: {
  proposal: { id: string; title: string; status: ProposalStatus; version: number } | null;
}) {
  if (!proposal) return null;
  return (
    <a
      href={proposalHref(proposal.id)}
      className="inline-flex min-h-6 flex-wrap items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
    >
      Proposal: <ProposalStatusBadge status={proposal.status} />
      <span className="sr-only">
        {' '}
        ({proposal.title}
        {proposal.version > 1 ? `, version ${proposal.version}` : ''})
      </span>
    </a>
  );
}
