/**
 * /portal/proposals/{proposalId} (docs/product.md#proposals): one proposal as the client's team
 * reads it. `Back to Portal`, the title with its status, `Version {n} · Sent {date} · Valid until
 * {date}`, then the document (../proposals/proposal-document.tsx). While it is open, each optional
 * item can be ticked, and the totals shown are the server's for the items ticked (the last ones
 * stay on screen while the next come, and the new ones are announced).
 *
 * An owner or a billing member answers: `Accept and sign` (proposal-accept.tsx) or `Decline`
 * (proposal-decline.tsx), each in a dialog; a member is told who can. Once answered, or expired or
 * withdrawn, the page says so (proposal-outcome.tsx), with the signed agreement's PDF and project
 * and, right after a signature that issued a deposit invoice, how to pay the deposit.
 * A proposal that is missing or not the client's: `Proposal not found`. Live updates
 * (docs/product.md#live-updates) bring in an answer from another browser or a withdrawal by the
 * team without a reload. Without a session: the sign-in screen.
 */
import { ArrowLeft, PenLine, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatCents } from '../../shared/proposals.ts';
import { ApiError } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { LiveUpdates } from '../lib/live.ts';
import { toast } from '../lib/toast-store.ts';
import { ProposalDocument } from '../proposals/proposal-document.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { Loading } from '../ui/loading.tsx';
import { PortalFrame } from './portal-frame.tsx';
import { AcceptForm } from './proposal-accept.tsx';
import { DeclineForm } from './proposal-decline.tsx';
import { ProposalOutcome } from './proposal-outcome.tsx';
import { isOpen, mayAnswer, ProposalStatusBadge } from './proposal-status.tsx';
import { portalLive, useProposal, type PortalClient, type PortalProposal } from './queries.ts';

function BackToPortal({ button = false }: { button?: boolean }) {
  return (
    <a
      href="/portal"
      className={
        button
          ? 'btn-secondary'
          : 'inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline'
      }
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to Portal
    </a>
  );
}

/** The totals of the items ticked, said once they came after a change (nothing is said on load). */
function TotalsAnnouncement({ proposal, changed }: { proposal: PortalProposal; changed: boolean }) {
  const { totals } = proposal;
  const monthly = totals.monthlyCents > 0 ? `, monthly total ${formatCents(totals.monthlyCents)} per month` : '';
  return (
    <p role="status" className="sr-only">
      {changed ? `Totals updated: one-off total ${formatCents(totals.oneOffCents)}${monthly}.` : ''}
    </p>
  );
}

type Asked = 'accept' | 'decline';

function ProposalView({ proposalId, me }: { proposalId: string; me: PortalClient }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [changed, setChanged] = useState(false);
  const query = useProposal(proposalId, chosen);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  // The deposit invoice the signature made here issued (the accept's answer), to pay it at once.
  const [depositInvoiceId, setDepositInvoiceId] = useState<string | null>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const buttons = { accept: useRef<HTMLButtonElement>(null), decline: useRef<HTMLButtonElement>(null) };
  const lastAsked = useRef<Asked>('accept');

  const title = query.data?.title;
  useEffect(() => {
    if (title) document.title = `${title} | Client Portal`;
  }, [title]);

  if (query.isPending) return <Loading />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white p-12 text-center ring-1 ring-ink-700/10">
        <h1 className="text-2xl font-bold text-ink-900">{missing ? 'Proposal not found' : 'Something went wrong'}</h1>
        <p className="max-w-prose text-ink-700">
          {missing ? 'This proposal does not exist or is not part of your account.' : 'Please reload the page.'}
        </p>
        <BackToPortal button />
      </div>
    );
  }

  const proposal = query.data;
  const open = isOpen(proposal.status);
  const may = mayAnswer(me.member.role);
  // Once decided, the choice is the agreement's (the server's answer); before, the one ticked here.
  const shownChosen = open ? chosen : proposal.optionalItems;
  const toggle = (index: number, on: boolean) => {
    setChanged(true);
    setChosen((current) =>
      on ? [...new Set([...current, index])].sort((a, b) => a - b) : current.filter((i) => i !== index),
    );
  };
  const ask = (what: Asked) => {
    lastAsked.current = what;
    setAsked(what);
  };
  const close = () => setAsked(null);
  /** Focus after a dialog: the outcome when the proposal was decided meanwhile, else the button that opened it. */
  const focusAfterDialog = (event: Event) => {
    event.preventDefault();
    (outcomeHeading.current ?? buttons[lastAsked.current].current)?.focus();
  };

  return (
    <div className="grid gap-6">
      <div>
        <BackToPortal />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-3xl font-extrabold wrap-break-word text-ink-900">{proposal.title}</h1>
          <ProposalStatusBadge status={proposal.status} />
        </div>
        <p className="mt-2 text-sm text-ink-700">
          Version {proposal.version}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          Sent {formatDate(proposal.sentAt)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          Valid until {formatDate(proposal.validUntil)}
        </p>
      </div>
      {!open && (
        <ProposalOutcome
          proposal={proposal}
          role={me.member.role}
          headingRef={outcomeHeading}
          depositInvoiceId={depositInvoiceId ?? proposal.depositInvoiceId ?? null}
        />
      )}
      <div
        aria-busy={query.isPlaceholderData || undefined}
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10 sm:p-8"
      >
        <ProposalDocument
          title={proposal.title}
          intro={proposal.intro}
          items={proposal.items}
          totals={proposal.totals}
          depositPercent={proposal.depositPercent}
          validUntil={proposal.validUntil}
          terms={proposal.terms}
          extraTerms={proposal.extraTerms}
          chosen={shownChosen}
          onToggle={open ? toggle : undefined}
          showChoice={proposal.status === 'accepted'}
        />
        {open && <TotalsAnnouncement proposal={proposal} changed={changed && !query.isPlaceholderData} />}
      </div>
      {open && (
        <section aria-labelledby="answer-title" className="rounded-2xl bg-white p-5 ring-1 ring-ink-700/10 sm:p-6">
          <h2 id="answer-title" className="text-xl font-bold text-ink-900">
            Your answer
          </h2>
          {may ? (
            <>
              <p className="mt-1 text-ink-700">
                Once you have read the proposal and its terms and chosen any optional items, sign it or decline it.
                Signing starts the project.
              </p>
              <div className="mt-4 flex flex-wrap gap-3">
                <button ref={buttons.accept} type="button" className="btn-primary" onClick={() => ask('accept')}>
                  <PenLine aria-hidden="true" className="size-4" /> Accept and sign
                </button>
                <button ref={buttons.decline} type="button" className="btn-secondary" onClick={() => ask('decline')}>
                  <XCircle aria-hidden="true" className="size-4" /> Decline
                </button>
              </div>
            </>
          ) : (
            <p className="mt-1 text-ink-700">
              Only an owner or a billing member of your team can sign or decline this proposal.
            </p>
          )}
        </section>
      )}
      <Dialog open={asked === 'accept'} onOpenChange={(next) => !next && !busy && close()}>
        <DialogContent
          title="Accept and sign"
          description="Read the disclosure, agree to it and type your name to sign this proposal."
          onCloseAutoFocus={focusAfterDialog}
        >
          <AcceptForm
            proposal={proposal}
            chosen={chosen}
            onBusy={setBusy}
            onCancel={close}
            onSigned={(signed) => {
              setDepositInvoiceId(signed.depositInvoiceId);
              close();
              toast({
                title: 'Proposal signed',
                description: 'Your project has been created. A copy of the signed agreement is on its way by email.',
              });
            }}
          />
        </DialogContent>
      </Dialog>
      <Dialog open={asked === 'decline'} onOpenChange={(next) => !next && !busy && close()}>
        <DialogContent
          title="Decline the proposal"
          description="Declining is final: to go ahead later, ask us for a new proposal."
          size="md"
          onCloseAutoFocus={focusAfterDialog}
        >
          <DeclineForm
            proposalId={proposal.id}
            onBusy={setBusy}
            onCancel={close}
            onDone={() => {
              close();
              toast({ title: 'Proposal declined', description: 'The team has been told.' });
            }}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

export default function ProposalPage({ proposalId }: { proposalId: string }) {
  return (
    <PortalFrame>
      {(me) => (
        <LiveUpdates kind="client" refresh={portalLive}>
          <div className="mx-auto w-full max-w-4xl">
            <ProposalView proposalId={proposalId} me={me} />
          </div>
        </LiveUpdates>
      )}
    </PortalFrame>
  );
}
