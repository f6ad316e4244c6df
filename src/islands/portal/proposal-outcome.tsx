/**
 * Where a proposal stands once it is no longer open (docs/product.md#proposals): signed (who and
 * when, the agreement's reference, its PDF and, for a role that opens projects, the project it
 * started, then, when the signature on this page issued a deposit invoice, how to pay it:
 * deposit-payment.tsx), declined (by whom, when and why), expired, or withdrawn (with a link to the newer
 * version that replaced it). The heading takes focus after a decision made on this page.
 */
import { CheckCircle2, Download, FolderOpen, History, XCircle } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { roleMay, type ClientRole } from '../../shared/team.ts';
import { api } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { DepositPayment } from './deposit-payment.tsx';
import { mayBill } from './portal-frame.tsx';
import type { PortalProposal } from './queries.ts';

/** The signed agreement's PDF (routes/agreements.ts), as the typed client names it. */
const pdfUrl = (id: string) => api.agreements[':id'].pdf.$path({ param: { id } });

const TONE = {
  green: 'bg-green-50 ring-green-700/30',
  red: 'bg-red-50 ring-danger-700/30',
  grey: 'bg-white ring-ink-700/15',
} as const;

/** A panel with a heading that can take focus, an icon and what it says. */
function Panel({
  title,
  icon,
  tone,
  headingRef,
  children,
}: {
  title: string;
  icon: ReactNode;
  tone: keyof typeof TONE;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="outcome-title" className={cn('flex gap-4 rounded-2xl p-5 ring-1 sm:p-6', TONE[tone])}>
      <span aria-hidden="true" className="mt-0.5 shrink-0">
        {icon}
      </span>
      <div className="grid min-w-0 flex-1 gap-2">
        <h2
          id="outcome-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-ink-900 focus:outline-none focus-visible:outline-2"
        >
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * The outcome of `proposal` for a member with `role`, or null while it is open;
 * `depositInvoiceId`: the deposit invoice the signature made on this page issued, if any.
 */
export function ProposalOutcome({
  proposal,
  role,
  headingRef,
  depositInvoiceId = null,
}: {
  proposal: PortalProposal;
  role: ClientRole;
  headingRef?: Ref<HTMLHeadingElement>;
  depositInvoiceId?: string | null;
}) {
  const { status, agreement } = proposal;
  if (status === 'accepted') {
    const signer = agreement?.signerName ?? proposal.decidedByName;
    const signedAt = agreement?.signedAt ?? proposal.decidedAt;
    return (
      <Panel
        headingRef={headingRef}
        title="Signed"
        tone="green"
        icon={<CheckCircle2 className="size-7 text-green-700" />}
      >
        <p className="text-ink-900">
          Signed by <strong className="wrap-anywhere">{signer}</strong>
          {signedAt ? ` on ${formatDateTime(signedAt)}` : ''}.
        </p>
        {agreement && (
          <>
            <p className="text-sm text-ink-700">
              Agreement reference <strong className="font-mono text-ink-900">{agreement.reference}</strong>
            </p>
            <div className="mt-2 flex flex-wrap gap-3">
              <a href={pdfUrl(agreement.id)} className="btn-primary">
                <Download aria-hidden="true" className="size-4" /> Download the signed agreement (PDF)
              </a>
              {roleMay(role, 'work') && (
                <a href={`/portal/projects/${agreement.projectId}`} className="btn-secondary">
                  <FolderOpen aria-hidden="true" className="size-4" /> Open the project
                </a>
              )}
            </div>
          </>
        )}
        {depositInvoiceId && mayBill(role) && <DepositPayment invoiceId={depositInvoiceId} />}
      </Panel>
    );
  }
  if (status === 'declined') {
    return (
      <Panel headingRef={headingRef} title="Declined" tone="red" icon={<XCircle className="size-7 text-danger-700" />}>
        <p className="text-ink-900">
          Declined
          {proposal.decidedByName && (
            <>
              {' '}
              by <strong className="wrap-anywhere">{proposal.decidedByName}</strong>
            </>
          )}
          {proposal.decidedAt ? ` on ${formatDateTime(proposal.decidedAt)}` : ''}.
        </p>
        {proposal.declineReason && (
          <div>
            <p className="text-sm font-semibold text-ink-900">The reason given</p>
            <p className="mt-1 whitespace-pre-line wrap-anywhere text-ink-700">{proposal.declineReason}</p>
          </div>
        )}
      </Panel>
    );
  }
  if (status === 'expired') {
    return (
      <Panel headingRef={headingRef} title="Expired" tone="grey" icon={<History className="size-7 text-ink-600" />}>
        <p className="text-ink-900">
          This proposal expired at the end of {formatDate(proposal.validUntil)}. Ask us for a new one.
        </p>
      </Panel>
    );
  }
  if (status === 'withdrawn') {
    return (
      <Panel headingRef={headingRef} title="Withdrawn" tone="grey" icon={<History className="size-7 text-ink-600" />}>
        {proposal.replacedById ? (
          <p className="text-ink-900">
            A newer version replaced this proposal.{' '}
            <a
              href={`/portal/proposals/${proposal.replacedById}`}
              className="font-semibold text-brand-700 underline hover:no-underline"
            >
              Open the newer version
            </a>
          </p>
        ) : (
          <p className="text-ink-900">The team withdrew this proposal.</p>
        )}
      </Panel>
    );
  }
  return null;
}
