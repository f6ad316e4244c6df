/**
 * The leads as a board (docs/product.md#leads): one column per status (New, Contacted, Won,
 * Lost), each with its count, its newest 20 leads and "Load more"; a lead moves to another
 * column with its status select; a lead's newest proposal shows as 'Proposal: {status}', a link
 * to its page. Search, source and dates filter every column.
 */
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/projects.ts';
import { formatCount, formatDateTime } from '../lib/format.ts';
import { Loading } from '../ui/loading.tsx';
import {
  apiParams,
  DateRange,
  FilterSelect,
  itemsOf,
  ListControls,
  SearchBox,
  type useListParams,
} from './list-view.tsx';
import { LeadStatusSelect } from './lead-status-select.tsx';
import { Badge, ListError } from './parts.tsx';
import { LeadProposalLink } from './proposal-parts.tsx';
import { useLeadPages, type AdminLead, type ListParams } from './queries.ts';
import { SOURCE_LABELS, STATUS_TONE } from './lead-labels.ts';
import { preview } from '../lib/preview.ts';

/** Leads per column page. */
const COLUMN_PAGE = '20';

function BoardCard({ lead }: { lead: AdminLead }) {
  return (
    <li className="min-w-0 rounded-xl bg-white p-3 shadow-sm ring-1 ring-ink-700/10">
      <a href={`#lead/${lead.id}`} className="font-semibold wrap-anywhere text-brand-700 hover:underline">
        {lead.name}
      </a>
      <p className="mt-0.5 text-xs text-ink-700">
        {SOURCE_LABELS[lead.source] ?? lead.source} ·{' '}
        <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
      </p>
      <p className="mt-1.5 text-sm wrap-anywhere text-ink-700">{preview(lead.message, 120)}</p>
      {lead.proposal && (
        <p className="mt-1.5">
          <LeadProposalLink proposal={lead.proposal} />
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <span className="flex gap-1">
          {lead.clientId && <Badge tone="green">Client</Badge>}
          {lead.urgent && <Badge tone="red">Urgent</Badge>}
          {lead.suspectedSpam && <Badge tone="gray">Suspected spam</Badge>}
          {lead.auditError && <Badge tone="red">Audit failed</Badge>}
        </span>
        <LeadStatusSelect aria-label={`Status of ${lead.name}`} lead={lead} className="field-input py-1 text-sm" />
      </div>
    </li>
  );
}

function BoardColumn({ status, params }: { status: LeadStatus; params: ListParams }) {
  const leads = useLeadPages({ ...params, status, limit: COLUMN_PAGE });
  const label = status === 'new' ? 'New' : LEAD_STATUS_LABELS[status];
  const headingId = `board-${status}`;
  const total = leads.data?.pages[0]?.total;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-2xl bg-slate-100 p-3">
      <h3 id={headingId} className="mb-3 flex items-center justify-between gap-2 px-1 font-bold text-ink-900">
        <span className="flex items-center gap-2">
          <Badge tone={STATUS_TONE[status]}>{label}</Badge>
        </span>
        <span className="text-sm font-semibold text-ink-700">
          {total === undefined ? '…' : formatCount(total)}
          <span className="sr-only"> leads</span>
        </span>
      </h3>
      {leads.isPending ? (
        <Loading label={`Loading ${label} leads...`} compact />
      ) : leads.isError ? (
        <ListError what="leads" />
      ) : itemsOf(leads).length === 0 ? (
        <p className="px-1 text-sm text-ink-700">No leads</p>
      ) : (
        <ul className="grid gap-2">
          {itemsOf(leads).map((lead) => (
            <BoardCard key={lead.id} lead={lead} />
          ))}
        </ul>
      )}
      {leads.hasNextPage && (
        <button
          type="button"
          className="btn-secondary mt-3"
          aria-disabled={leads.isFetchingNextPage || undefined}
          onClick={() => !leads.isFetchingNextPage && void leads.fetchNextPage()}
        >
          {leads.isFetchingNextPage ? 'Loading...' : 'Load more'}
          <span className="sr-only"> {label} leads</span>
        </button>
      )}
    </section>
  );
}

/** The board with its search, source and date filters; `values` and `set` are the address's params. */
export function LeadBoard({ values, set }: ReturnType<typeof useListParams>) {
  const { status: _status, sort: _sort, ...rest } = apiParams(values);
  return (
    <>
      <ListControls>
        <SearchBox label="Search leads" value={values.q ?? ''} onSearch={(q) => set({ q }, 'replace')} />
        <FilterSelect
          label="Source"
          value={values.source ?? ''}
          options={[['', 'All sources'], ...Object.entries(SOURCE_LABELS)]}
          onChange={(source) => set({ source })}
        />
        <DateRange from={values.from ?? ''} to={values.to ?? ''} onChange={(changes) => set(changes)} />
      </ListControls>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {LEAD_STATUSES.map((status) => (
          <BoardColumn key={status} status={status} params={{ ...rest, sort: 'createdAt.desc' }} />
        ))}
      </div>
    </>
  );
}
