/**
 * A proposal's one page on the dashboard, '#proposal/{id}' (docs/product.md#proposals), opened from
 * the list, the lead board, a lead's and a client's page and the activity log: `Back to
 * proposals`, the title (focused), its actions by status (proposal-actions.tsx), the status,
 * the version, whom it is for (a link to the client's or lead's page), the version and every version of it,
 * what happened to it (drafted, sent, viewed, decided, withdrawn, replaced), the totals, the
 * document as the client reads it, and once signed the agreement (its PDF and the project it
 * started). It follows live updates: a client's view or signature shows at once.
 */
import { Download, FolderOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents, lineAmountCents, proposalTotals } from '../../shared/proposals.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { api } from '../lib/api.ts';
import { ProposalDocument } from '../proposals/proposal-document.tsx';
import { Panel, RecordPage } from './page-frame.tsx';
import { ProposalActions } from './proposal-actions.tsx';
import {
  MomentLine,
  momentsOf,
  ProposalStatusBadge,
  proposalHref,
  RecipientText,
  type ProposalMoment,
} from './proposal-parts.tsx';
import { useProposal, type AdminProposalDetail } from './queries.ts';

/** The facts at a glance: status, recipient, version, valid until, totals, the Terms' version. */
function Summary({ proposal }: { proposal: AdminProposalDetail }) {
  const { totals } = proposal;
  const rows: [string, ReactNode][] = [
    ['For', <RecipientText key="recipient" recipient={proposal.recipient} />],
    ['Version', proposal.version],
    ['Valid until', formatDate(proposal.validUntil)],
    ['One-off total', formatCents(totals.oneOffCents)],
    ['Monthly total', totals.monthlyCents > 0 ? `${formatCents(totals.monthlyCents)} per month` : 'None'],
    [`Deposit (${proposal.depositPercent}%)`, formatCents(totals.depositCents)],
    ['Terms of Service', proposal.termsVersion ? `Version ${proposal.termsVersion}` : 'Attached when sent'],
  ];
  const optional = proposal.items.filter((item) => item.optional);
  return (
    <Panel title="Summary" id="proposal-summary-heading">
      <dl className="grid gap-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] items-baseline gap-x-3">
            <dt className="font-semibold text-ink-900">{term}</dt>
            <dd className="min-w-0 text-ink-700">{value}</dd>
          </div>
        ))}
      </dl>
      {optional.length > 0 && (
        <p className="mt-3 text-sm text-ink-700">
          The totals count the required lines; the client may add{' '}
          {optional.length === 1 ? 'the optional line' : `the ${optional.length} optional lines`} (
          {formatCents(optional.reduce((sum, item) => sum + lineAmountCents(item), 0))} in all).
        </p>
      )}
    </Panel>
  );
}

/** What happened to the proposal, oldest first, with 'Replaced by version {n}' when it was. */
function Timeline({ proposal }: { proposal: AdminProposalDetail }) {
  const moments: ProposalMoment[] = momentsOf(proposal);
  const replacement = proposal.replacedById
    ? proposal.versions.find((version) => version.id === proposal.replacedById)
    : undefined;
  if (proposal.status === 'expired') {
    moments.push({ key: 'expired', label: `Expired after ${formatDate(proposal.validUntil)}`, at: null });
  }
  return (
    <Panel title="Timeline" id="proposal-timeline-heading">
      <ol className="grid gap-2 border-l-2 border-ink-700/10 pl-4 text-sm text-ink-900">
        {moments.map((moment) => (
          <li key={moment.key}>
            <MomentLine moment={moment} />
          </li>
        ))}
        {proposal.replacedById && (
          <li>
            {replacement ? (
              <a href={proposalHref(replacement.id)} className="font-semibold text-brand-700 hover:underline">
                Replaced by version {replacement.version}
              </a>
            ) : (
              'Replaced by a newer version'
            )}
          </li>
        )}
      </ol>
    </Panel>
  );
}

/** Every version of the proposal, newest first, each a link to its page (this one marked). */
function Versions({ proposal }: { proposal: AdminProposalDetail }) {
  if (proposal.versions.length < 2) return null;
  return (
    <Panel title="Versions" id="proposal-versions-heading">
      <ul className="grid gap-2 text-sm">
        {proposal.versions.map((version) => (
          <li key={version.id} className="flex flex-wrap items-center gap-2">
            {version.id === proposal.id ? (
              <span aria-current="page" className="font-semibold text-ink-900">
                Version {version.version} (this one)
              </span>
            ) : (
              <a href={proposalHref(version.id)} className="font-semibold text-brand-700 hover:underline">
                Version {version.version}
              </a>
            )}
            <ProposalStatusBadge status={version.status} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The signed agreement: reference, signer and time, its PDF and the project it started. */
function Agreement({ proposal }: { proposal: AdminProposalDetail }) {
  const agreement = proposal.agreement;
  if (!agreement) return null;
  return (
    <Panel title="Signed agreement" id="proposal-agreement-heading">
      <dl className="grid gap-2 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-ink-900">Reference:</dt>
          <dd className="text-ink-700">{agreement.reference}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-ink-900">Signed by:</dt>
          <dd className="wrap-anywhere text-ink-700">
            {agreement.signerName}, <time dateTime={agreement.signedAt}>{formatDateTime(agreement.signedAt)}</time>
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={api.agreements[':id'].pdf.$path({ param: { id: agreement.id } })} download className="btn-primary">
          <Download aria-hidden="true" className="size-4 shrink-0" /> Download the signed agreement (PDF)
        </a>
        {agreement.projectId && (
          <a href={`#project/${encodeURIComponent(agreement.projectId)}`} className="btn-secondary">
            <FolderOpen aria-hidden="true" className="size-4 shrink-0" /> Open the project
          </a>
        )}
      </div>
    </Panel>
  );
}

/**
 * The document as the client reads it: with the totals of the required lines, or once signed with
 * the optional lines the client chose and the totals they signed.
 */
function Document({ proposal }: { proposal: AdminProposalDetail }) {
  const signed = proposal.agreement;
  const chosen = signed ? signed.chosenOptionalItems : [];
  return (
    <Panel title="The proposal as the client reads it" id="proposal-document-heading">
      <ProposalDocument
        title={proposal.title}
        intro={proposal.intro}
        items={proposal.items}
        totals={signed ? signed.totals : { ...proposalTotals(proposal, []), ...proposal.totals }}
        depositPercent={proposal.depositPercent}
        validUntil={proposal.validUntil}
        terms={proposal.terms}
        extraTerms={proposal.extraTerms}
        chosen={chosen}
        showChoice={Boolean(signed)}
        headingLevel={3}
      />
    </Panel>
  );
}

/** The page of proposal `id`. */
export function ProposalPage({ id }: { id: string }) {
  const proposal = useProposal(id);
  return (
    <RecordPage
      query={proposal}
      what="proposal"
      backHref="#proposals"
      backLabel="Back to proposals"
      title={(p) => p.title}
      actions={(p) => <ProposalActions proposal={p} />}
    >
      {(p) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <p className="-mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-ink-700 xl:col-span-2">
            <ProposalStatusBadge status={p.status} />
            <span>Version {p.version}</span>
            {p.recipient && (
              <span className="min-w-0 wrap-anywhere">
                For{' '}
                <a
                  href={`#${p.recipient.kind}/${encodeURIComponent(p.recipient.id)}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {p.recipient.business ?? p.recipient.name}
                </a>
                {p.recipient.kind === 'lead' ? ' (a lead)' : ''}
              </span>
            )}
          </p>
          <div className="grid min-w-0 content-start gap-6">
            <Summary proposal={p} />
            <Agreement proposal={p} />
            <Timeline proposal={p} />
            <Versions proposal={p} />
          </div>
          <div className="min-w-0">
            <Document proposal={p} />
          </div>
        </div>
      )}
    </RecordPage>
  );
}
