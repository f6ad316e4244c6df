/**
 * Contact Forms tab (docs/product.md#leads): a board by status or a list (search, filters, sort,
 * a table with bulk actions on wide screens: set status, and the CSV of the filtered list); each lead with its name, status badge ('New
 * Lead' while new), date and time, the email as a mailto link, and the message; an audit request
 * whose audit could not be run says why ('Audit failed: {reason}'; 'Failed' in the table). 'Reply via
 * Email' opens a prefilled reply quoting the message; the table has both in each row, and each
 * row's details show the whole message and the rest of the card. The 'Call' button appears only for a real
 * phone number (never a tel: link built from an email). The lead's status (new, contacted, won,
 * lost) can be changed, and every lead downloaded as CSV. A lead's card shows its newest proposal
 * ('Proposal: Viewed', a link to its page; docs/product.md#proposals). 'No contact submissions found'.
 */
import { AlertTriangle, Columns3, Download, Inbox, List, Mail, Phone, Reply } from 'lucide-react';
import { useId, useState } from 'react';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/projects.ts';
import { telHref } from '../../shared/phone.ts';
import { HOW_DID_YOU_FIND_US_LABELS, type HowDidYouFindUs } from '../../shared/schemas/contact.ts';
import { apiLinks, messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { ConvertLeadDialog } from './convert-lead-dialog.tsx';
import { LeadNotes } from './lead-notes.tsx';
import { LeadBoard } from './lead-board.tsx';
import { SOURCE_LABELS, STATUS_TONE } from './lead-labels.ts';
import { apiParams, FilterSelect, itemsOf, ListBody, toggledIn, useListParams, type Column } from './list-view.tsx';
import { LeadStatusSelect } from './lead-status-select.tsx';
import { useSetLeadsStatus } from './mutations.ts';
import { Badge, CARD, TabHeading } from './parts.tsx';
import { LeadProposalLink } from './proposal-parts.tsx';
import { useLeadPages, type AdminLead, type ListParams } from './queries.ts';
import { navigate } from './route.ts';
import { BULK_MAX } from '../../shared/schemas/admin.ts';
import { replyMailto } from './wording.ts';
import { preview } from '../lib/preview.ts';

const ACTION =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50';

/** What a lead says beyond its message: services, audit score or failure, how they found us. */
function LeadFacts({ lead }: { lead: AdminLead }) {
  if (!(lead.services?.length || lead.howDidYouFindUs || lead.auditScore !== null || lead.auditError)) return null;
  return (
    <dl className="mt-3 grid gap-1 text-sm text-ink-700">
      {lead.services && lead.services.length > 0 && (
        <div>
          <dt className="inline font-semibold">Services: </dt>
          <dd className="inline">{lead.services.join(', ')}</dd>
        </div>
      )}
      {lead.auditScore !== null && (
        <div>
          <dt className="inline font-semibold">Audit score: </dt>
          <dd className="inline">{lead.auditScore}/100</dd>
        </div>
      )}
      {lead.auditError && (
        <div className="text-danger-700">
          <dt className="inline font-semibold">Audit failed: </dt>
          <dd className="inline">{lead.auditError}</dd>
        </div>
      )}
      {lead.howDidYouFindUs && (
        <div>
          <dt className="inline font-semibold">How they found us: </dt>
          <dd className="inline">
            {HOW_DID_YOU_FIND_US_LABELS[lead.howDidYouFindUs as HowDidYouFindUs] ?? lead.howDidYouFindUs}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** 'Reply via Email' (a prefilled reply quoting the message) and 'Call' for a real phone number. */
function ContactActions({ lead }: { lead: AdminLead }) {
  const tel = telHref(lead.phone);
  return (
    <>
      {lead.email && (
        <a href={replyMailto(lead)} className={ACTION}>
          <Reply aria-hidden="true" className="size-4" /> Reply via Email
          <span className="sr-only"> to {lead.name}</span>
        </a>
      )}
      {tel && (
        <a href={tel} className={ACTION}>
          <Phone aria-hidden="true" className="size-4" /> Call
          <span className="sr-only"> {lead.name}</span>
        </a>
      )}
    </>
  );
}

/** One lead as a card: on phones, and on the lead's page. */
export function LeadCard({ lead, notesOpen = false }: { lead: AdminLead; notesOpen?: boolean }) {
  const statusId = useId();
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="font-bold wrap-anywhere text-ink-900">
            <a href={`#lead/${lead.id}`} className="hover:underline">
              {lead.name}
            </a>
          </h3>
          <Badge tone={STATUS_TONE[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
          {lead.clientId && <Badge tone="green">Client</Badge>}
          {lead.urgent && (
            <Badge tone="red">
              <AlertTriangle aria-hidden="true" className="mr-1 size-3" /> Urgent
            </Badge>
          )}
          {lead.suspectedSpam && <Badge tone="gray">Suspected spam</Badge>}
        </div>
        <time dateTime={lead.createdAt} className="text-sm text-ink-700">
          {formatDateTime(lead.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-ink-700">
        {SOURCE_LABELS[lead.source] ?? lead.source}
        {lead.subject ? ` · ${lead.subject}` : ''}
      </p>
      {lead.proposal && (
        <p className="mt-1">
          <LeadProposalLink proposal={lead.proposal} />
        </p>
      )}
      <ul className="mt-2 space-y-1 text-sm">
        {lead.email && (
          <li className="flex items-center gap-2 text-ink-700">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <a href={`mailto:${lead.email}`} className="min-w-0 wrap-anywhere text-brand-700 hover:underline">
              {lead.email}
            </a>
          </li>
        )}
        {lead.phone && (
          <li className="flex items-center gap-2 text-ink-700">
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            {lead.phone}
          </li>
        )}
      </ul>
      <p className="mt-3 whitespace-pre-line wrap-anywhere text-ink-900">{lead.message}</p>
      <LeadFacts lead={lead} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <ContactActions lead={lead} />
          {lead.email && !lead.clientId && <ConvertLeadDialog lead={lead} className={ACTION} />}
        </div>
        <div>
          <label htmlFor={statusId} className="block text-xs font-semibold text-ink-700">
            Lead status<span className="sr-only"> of {lead.name}</span>
          </label>
          <LeadStatusSelect id={statusId} lead={lead} className="field-input mt-1 py-1.5" />
        </div>
      </div>
      <LeadNotes leadId={lead.id} leadName={lead.name} initiallyOpen={notesOpen} />
    </li>
  );
}

const SORT_OPTIONS = [
  ['createdAt.desc', 'Newest first'],
  ['createdAt.asc', 'Oldest first'],
  ['name.asc', 'Name A–Z'],
  ['status.asc', 'Status'],
] as const;

const SOURCE_OPTIONS = [['', 'All sources'], ...Object.entries(SOURCE_LABELS)] as const;

/** The CSV download of what the list shows now (its search and filters, every page). */
function exportHref(values: ListParams): string {
  const { limit: _limit, cursor: _cursor, ...query } = apiParams(values);
  const search = new URLSearchParams(query).toString();
  return search ? `${apiLinks.leadsCsv}?${search}` : apiLinks.leadsCsv;
}

/** "3 selected", a status for all of them, and clearing the selection. */
function BulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const statusId = useId();
  const bulk = useSetLeadsStatus();
  const [status, setStatus] = useState<LeadStatus>('contacted');
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-end gap-3 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200"
    >
      <p className="self-center font-semibold text-ink-900" aria-live="polite">
        {ids.length} selected
      </p>
      <div>
        <label htmlFor={statusId} className="block text-xs font-semibold text-ink-700">
          Set status to
        </label>
        <select
          id={statusId}
          className="field-input mt-1 py-1.5"
          value={status}
          onChange={(e) => setStatus(e.target.value as LeadStatus)}
        >
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'new' ? 'New' : LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn-primary"
        aria-disabled={bulk.isPending || undefined}
        onClick={() =>
          !bulk.isPending &&
          bulk.mutate(
            { ids, status },
            {
              onSuccess: ({ updated }) => {
                toast({ title: `${updated} ${updated === 1 ? 'lead' : 'leads'} updated` });
                onDone();
              },
              onError: (error) =>
                toast({
                  title: 'Could not change the leads',
                  description: messageOf(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      >
        {bulk.isPending ? 'Saving...' : 'Apply'}
      </button>
      <button type="button" className="btn-secondary" onClick={onDone}>
        Clear selection
      </button>
    </div>
  );
}

function leadColumns(
  selected: Set<string>,
  toggle: (id: string) => void,
  all: { checked: boolean; onChange: () => void },
): Column<AdminLead>[] {
  return [
    {
      key: 'select',
      header: 'Select',
      headerCell: (
        <input
          type="checkbox"
          aria-label="Select every lead shown"
          className="size-4"
          checked={all.checked}
          onChange={all.onChange}
        />
      ),
      cell: (lead) => (
        <input
          type="checkbox"
          aria-label={`Select ${lead.name}`}
          className="size-4"
          checked={selected.has(lead.id)}
          onChange={() => toggle(lead.id)}
        />
      ),
      className: 'w-10',
    },
    {
      key: 'name',
      header: 'Name',
      sort: 'name',
      cell: (lead) => (
        <>
          <span className="flex flex-wrap items-center gap-2">
            <a
              href={`#lead/${lead.id}`}
              tabIndex={-1}
              className="font-semibold break-words text-brand-700 hover:underline"
            >
              {lead.name}
            </a>
            {lead.clientId && <Badge tone="green">Client</Badge>}
            {lead.urgent && <Badge tone="red">Urgent</Badge>}
            {lead.suspectedSpam && <Badge tone="gray">Suspected spam</Badge>}
          </span>
          {lead.email && (
            <a href={`mailto:${lead.email}`} className="block text-xs wrap-anywhere text-brand-700 hover:underline">
              {lead.email}
            </a>
          )}
          {lead.phone && <span className="block text-xs text-ink-700">{lead.phone}</span>}
        </>
      ),
    },
    { key: 'source', header: 'Source', cell: (lead) => SOURCE_LABELS[lead.source] ?? lead.source },
    {
      key: 'status',
      header: 'Status',
      sort: 'status',
      cell: (lead) => <Badge tone={STATUS_TONE[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>,
    },
    {
      key: 'score',
      header: 'Audit',
      cell: (lead) =>
        lead.auditError ? <Badge tone="red">Failed</Badge> : lead.auditScore === null ? '–' : `${lead.auditScore}/100`,
      className: 'text-right',
    },
    {
      key: 'created',
      header: 'Received',
      sort: 'createdAt',
      cell: (lead) => <span className="xl:whitespace-nowrap">{formatDateTime(lead.createdAt)}</span>,
    },
    {
      key: 'message',
      header: 'Message',
      cell: (lead) => <span className="wrap-anywhere text-ink-700">{preview(lead.message, 140)}</span>,
      className: 'min-w-40 xl:min-w-64',
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (lead) => (
        <div className="-my-1 flex flex-col items-stretch gap-2 xl:[&_a]:whitespace-nowrap">
          <ContactActions lead={lead} />
        </div>
      ),
      className: 'w-48',
    },
  ];
}

function LeadList({ state }: { state: ReturnType<typeof useListParams> }) {
  const { values } = state;
  const leads = useLeadPages(apiParams(values));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const shown = itemsOf(leads);
  const toggle = (id: string) => setSelected((current) => toggledIn(current, id));
  const allChecked = shown.length > 0 && shown.every((lead) => selected.has(lead.id));
  const columns = leadColumns(selected, toggle, {
    checked: allChecked,
    onChange: () => setSelected(allChecked ? new Set() : new Set(shown.slice(0, BULK_MAX).map((lead) => lead.id))),
  });
  return (
    <>
      <ListBody
        state={state}
        searchLabel="Search leads"
        filters={
          <>
            <FilterSelect
              label="Status"
              value={values.status ?? ''}
              options={[
                ['', 'All'],
                ...LEAD_STATUSES.map((s) => [s, s === 'new' ? 'New' : LEAD_STATUS_LABELS[s]] as const),
              ]}
              onChange={(status) => state.set({ status })}
            />
            <FilterSelect
              label="Source"
              value={values.source ?? ''}
              options={SOURCE_OPTIONS}
              onChange={(source) => state.set({ source })}
            />
          </>
        }
        sortOptions={SORT_OPTIONS}
        between={selected.size > 0 && <BulkBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
        query={leads}
        what="leads"
        loadingLabel="Loading contact submissions..."
        emptyIcon={Inbox}
        emptyText="No contact submissions found"
        table={{
          caption: 'Leads',
          columns,
          onOpen: (lead) => navigate(`lead/${lead.id}`, 'push'),
          rowLabel: (lead) => `${lead.name}, ${LEAD_STATUS_LABELS[lead.status]}`,
          detail: (lead) => (
            <div className="max-w-prose">
              <p className="whitespace-pre-line wrap-anywhere text-ink-900">{lead.message}</p>
              <LeadFacts lead={lead} />
            </div>
          ),
        }}
        cards={(items) => (
          <ul className="grid gap-4">
            {items.map((lead) => (
              <LeadCard key={lead.id} lead={lead} />
            ))}
          </ul>
        )}
      />
    </>
  );
}

/**
 * The Contact Forms tab's panel: the leads as a board by status or as a list
 * (docs/product.md#leads), with the CSV export of what is shown; `params` come from the address.
 */
export function LeadsTab({ params }: { params: string }) {
  const state = useListParams('leads', params);
  const board = state.values.view === 'board';
  return (
    <section aria-labelledby="leads-heading">
      <TabHeading title="Contact Form Submissions" id="leads-heading">
        <div role="group" aria-label="View" className="inline-flex rounded-lg bg-slate-200/70 p-1">
          {(
            [
              ['', 'List', List],
              ['board', 'Board', Columns3],
            ] as const
          ).map(([view, label, Icon]) => (
            <button
              key={label}
              type="button"
              aria-pressed={(state.values.view ?? '') === view}
              onClick={() => state.set({ view })}
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold text-ink-700 aria-pressed:bg-white aria-pressed:text-ink-900 aria-pressed:shadow-sm"
            >
              <Icon aria-hidden="true" className="size-4" /> {label}
            </button>
          ))}
        </div>
        <a href={exportHref(board ? { ...state.values, status: '' } : state.values)} download className="btn-secondary">
          <Download aria-hidden="true" className="size-4" /> Download CSV
        </a>
      </TabHeading>
      {board ? <LeadBoard values={state.values} set={state.set} /> : <LeadList state={state} />}
    </section>
  );
}
