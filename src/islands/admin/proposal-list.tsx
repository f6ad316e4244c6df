/**
 * The Proposals tab (docs/product.md#proposals, docs/product.md#lists): 'New proposal', the search
 * ('Search proposals': words of the title or of the recipient), the `Status` filter, dates and
 * sort, kept in the address; on wide screens a table (title and version, recipient, status,
 * one-off and monthly totals, valid until, what happened last, created; Enter opens a row's
 * page), on phones one card per proposal. 'No proposals yet'.
 */
import { FileSignature, Pencil, Plus } from 'lucide-react';
import { PROPOSAL_STATUSES, PROPOSAL_STATUS_LABELS } from '../../shared/proposals.ts';
import { formatDate } from '../lib/format.ts';
import { apiParams, FilterSelect, ListBody, useListParams, type Column } from './list-view.tsx';
import { CARD, IconButton, TabHeading } from './parts.tsx';
import {
  MomentLine,
  momentsOf,
  ProposalLink,
  ProposalStatusBadge,
  proposalHref,
  RecipientText,
  recipientName,
  TotalsText,
} from './proposal-parts.tsx';
import { useProposalPages, type AdminProposal } from './queries.ts';
import { navigate } from './route.ts';

const SORT_OPTIONS = [
  ['createdAt.desc', 'Newest first'],
  ['createdAt.asc', 'Oldest first'],
  ['title.asc', 'Title A–Z'],
  ['status.asc', 'Status'],
  ['validUntil.asc', 'Valid until, soonest first'],
  ['oneOff.desc', 'Largest one-off total'],
] as const;

const STATUS_OPTIONS = [['', 'All'], ...PROPOSAL_STATUSES.map((s) => [s, PROPOSAL_STATUS_LABELS[s]] as const)] as const;

/** What happened to a proposal since it was sent (or that it is still a draft), one line each. */
function Activity({ proposal }: { proposal: AdminProposal }) {
  return (
    <ul className="grid gap-0.5">
      {momentsOf(proposal, false).map((moment) => (
        <li key={moment.key}>
          <MomentLine moment={moment} />
        </li>
      ))}
    </ul>
  );
}

/** 'Edit' for a draft, named for it. */
function EditDraft({ proposal }: { proposal: AdminProposal }) {
  if (proposal.status !== 'draft') return null;
  return (
    <IconButton
      label={`Edit ${proposal.title}`}
      text="Edit"
      icon={Pencil}
      onClick={() => navigate(`proposals/${encodeURIComponent(proposal.id)}`, 'push')}
    />
  );
}

function ProposalCard({ proposal }: { proposal: AdminProposal }) {
  return (
    <li className={`${CARD} flex flex-col`}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-48 flex-1">
          <h3 className="text-lg font-bold wrap-anywhere text-ink-900">
            <ProposalLink id={proposal.id} title={proposal.title} />
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-700">
            <ProposalStatusBadge status={proposal.status} />
            Version {proposal.version}
          </p>
        </div>
        <div className="-mr-2 flex shrink-0">
          <EditDraft proposal={proposal} />
        </div>
      </div>
      <dl className="mt-3 grid gap-2 text-sm text-ink-900 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-ink-700">For</dt>
          <dd>
            <RecipientText recipient={proposal.recipient} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-ink-700">Totals</dt>
          <dd>
            <TotalsText totals={proposal.totals} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-ink-700">Valid until</dt>
          <dd>{formatDate(proposal.validUntil)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-ink-700">Last activity</dt>
          <dd>
            <Activity proposal={proposal} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

const COLUMNS: Column<AdminProposal>[] = [
  {
    key: 'title',
    header: 'Title',
    sort: 'title',
    cell: (p) => (
      <>
        <ProposalLink id={p.id} title={p.title} inRow />
        <span className="mt-0.5 block text-xs text-ink-700">Version {p.version}</span>
      </>
    ),
    className: 'min-w-44',
  },
  {
    key: 'recipient',
    header: 'Recipient',
    cell: (p) => <RecipientText recipient={p.recipient} inRow email={false} />,
    className: 'min-w-36',
  },
  {
    key: 'status',
    header: 'Status',
    sort: 'status',
    cell: (p) => <ProposalStatusBadge status={p.status} />,
  },
  {
    key: 'totals',
    header: 'Totals',
    sort: 'oneOff',
    cell: (p) => <TotalsText totals={p.totals} />,
  },
  {
    key: 'validUntil',
    header: 'Valid until',
    sort: 'validUntil',
    cell: (p) => formatDate(p.validUntil),
    className: 'whitespace-nowrap',
  },
  {
    key: 'activity',
    header: 'Last activity',
    cell: (p) => <Activity proposal={p} />,
    className: 'min-w-48 text-ink-700',
  },
  {
    key: 'created',
    header: 'Created',
    sort: 'createdAt',
    cell: (p) => <span className="whitespace-nowrap">{formatDate(p.createdAt)}</span>,
  },
  { key: 'actions', header: 'Actions', cell: (p) => <EditDraft proposal={p} />, className: 'w-24 text-right' },
];

/** The Proposals tab's panel; `params` are its search, filters and sort from the address. */
export function ProposalsTab({ params }: { params: string }) {
  const state = useListParams('proposals', params);
  const { values } = state;
  const proposals = useProposalPages(apiParams(values));
  const filtered = Boolean(values.q || values.status || values.from || values.to);
  return (
    <section aria-labelledby="proposals-heading">
      <TabHeading title="Proposals" id="proposals-heading">
        <button type="button" className="btn-primary" onClick={() => navigate('proposals/new', 'push')}>
          <Plus aria-hidden="true" className="size-4" /> New proposal
        </button>
      </TabHeading>
      <ListBody
        state={state}
        searchLabel="Search proposals"
        filters={
          <FilterSelect
            label="Status"
            value={values.status ?? ''}
            options={STATUS_OPTIONS}
            onChange={(status) => state.set({ status })}
          />
        }
        sortOptions={SORT_OPTIONS}
        query={proposals}
        what="proposals"
        loadingLabel="Loading proposals..."
        emptyIcon={FileSignature}
        emptyText={filtered ? 'No proposals found' : 'No proposals yet'}
        table={{
          caption: 'Proposals',
          columns: COLUMNS,
          onOpen: (proposal) => navigate(proposalHref(proposal.id).slice(1), 'push'),
          rowLabel: (p) => `${p.title}, ${recipientName(p.recipient)}, ${PROPOSAL_STATUS_LABELS[p.status]}`,
        }}
        cards={(items) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {items.map((proposal) => (
              <ProposalCard key={proposal.id} proposal={proposal} />
            ))}
          </ul>
        )}
      />
    </section>
  );
}
