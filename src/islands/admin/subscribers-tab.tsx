/**
 * The Subscribers tab (docs/product.md#newsletter): the newsletter's subscribers, newest first,
 * searched by address, sorted by sign-up date or address, in pages ("Load more"), with the CSV
 * download of what the list shows ('Download CSV'). Empty state 'No subscribers yet'.
 */
import { Download, MailCheck } from 'lucide-react';
import { apiLinks } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { DateRange, FilterSelect, ListControls, PagedList, SearchBox, apiParams, useListParams } from './list-view.tsx';
import { TabHeading } from './parts.tsx';
import { useSubscriberPages, type ListParams } from './queries.ts';

const SORT_OPTIONS = [
  ['createdAt.desc', 'Newest first'],
  ['createdAt.asc', 'Oldest first'],
  ['email.asc', 'Address A–Z'],
] as const;

/** The CSV of what the list shows now: its search, dates and sort, every page. */
function exportHref(values: ListParams): string {
  const { limit: _limit, cursor: _cursor, ...query } = apiParams(values);
  return `${apiLinks.subscribers}?${new URLSearchParams({ ...query, format: 'csv' })}`;
}

/** The Subscribers tab's panel; `params` are its search, dates and sort from the address. */
export function SubscribersTab({ params }: { params: string }) {
  const state = useListParams('subscribers', params);
  const { values, set } = state;
  const subscribers = useSubscriberPages(apiParams(values));
  return (
    <section aria-labelledby="subscribers-heading">
      <TabHeading title="Newsletter subscribers" id="subscribers-heading">
        <a href={exportHref(values)} download className="btn-secondary">
          <Download aria-hidden="true" className="size-4" /> Download CSV
        </a>
      </TabHeading>
      <ListControls>
        <SearchBox label="Search subscribers" value={values.q ?? ''} onSearch={(q) => set({ q }, 'replace')} />
        <DateRange from={values.from ?? ''} to={values.to ?? ''} onChange={(changes) => set(changes)} />
        <FilterSelect
          label="Sort"
          value={values.sort ?? 'createdAt.desc'}
          options={SORT_OPTIONS}
          onChange={(sort) => set({ sort })}
        />
      </ListControls>
      <PagedList
        query={subscribers}
        what="subscribers"
        loadingLabel="Loading subscribers..."
        emptyIcon={MailCheck}
        emptyText={values.q || values.from || values.to ? 'No subscribers found' : 'No subscribers yet'}
      >
        {(items) => (
          <ul className="grid gap-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-ink-700/10" aria-label="Subscribers">
            {items.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg px-3 py-2 odd:bg-slate-50"
              >
                <span className="min-w-0 font-semibold wrap-anywhere text-ink-900">{s.email}</span>
                <span className="text-sm text-ink-700">
                  Subscribed <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
