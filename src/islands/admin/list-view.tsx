/**
 * What every dashboard list shares (docs/product.md#lists): the search box, filters and sort,
 * kept in the address; on wide screens (1024 px and up) a table with sortable columns, a
 * sticky header and keyboard navigation between rows (Up and Down, Home and End move; Enter
 * opens the row); on phones the cards; and "Load more" with "Showing 50 of 1,234".
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight, Search, type LucideIcon } from 'lucide-react';
import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../lib/cn.ts';
import { formatCount } from '../lib/format.ts';
import { Loading } from '../ui/loading.tsx';
import { ScrollEdgeShadows, ScrollHint, useScrollEdges } from '../ui/scroll-region.tsx';
import { ListError } from './parts.tsx';
import type { ListParams } from './queries.ts';
import { showList, type Tab } from './route.ts';

const WIDE = '(min-width: 1024px)';

/** Whether the screen is wide enough for tables (1024 px); false before the page is in a browser. */
function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/** The tab's params from the address as an object, and a setter that keeps the others. */
export function useListParams(tab: Tab, params: string) {
  const values: ListParams = Object.fromEntries(new URLSearchParams(params));
  const set = (changes: Record<string, string | undefined>, mode: 'push' | 'replace' = 'push') =>
    showList(tab, { ...values, ...changes }, mode);
  return { values, set };
}

/**
 * The API's query for the address's params: dates ('2026-11-01') become the instants of the
 * start of that day and of the day after `to` in the browser's time zone; `view` stays in the
 * browser.
 */
export function apiParams(values: ListParams): ListParams {
  const { view: _view, from, to, ...rest } = values;
  const query: ListParams = { ...rest };
  const day = (text: string, plus: number) => {
    const [y, m, d] = text.split('-').map(Number);
    if (!y || !m || !d) return undefined;
    return new Date(y, m - 1, d + plus).toISOString();
  };
  const start = from ? day(from, 0) : undefined;
  const end = to ? day(to, 1) : undefined;
  if (start) query.from = start;
  if (end) query.to = end;
  return query;
}

/** The search box: what is typed reaches the address (and the server) after a 300 ms pause. */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const id = useId();
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), 300);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="min-w-0 grow sm:max-w-sm">
      <label htmlFor={id} className="block text-xs font-semibold text-ink-700">
        {label}
      </label>
      <div className="relative mt-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-600"
        />
        <input
          id={id}
          type="search"
          className="field-input w-full pl-9"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') latest.current(text);
          }}
        />
      </div>
    </div>
  );
}

/** A labelled select for one filter; the empty option means "any". */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-semibold text-ink-700">
        {label}
      </label>
      <select id={id} className="field-input mt-1 py-2" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** 'Created from' and 'to' date inputs. */
export function DateRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
}) {
  const fromId = useId();
  const toId = useId();
  return (
    <>
      <div>
        <label htmlFor={fromId} className="block text-xs font-semibold text-ink-700">
          Created from
        </label>
        <input
          id={fromId}
          type="date"
          className="field-input mt-1 py-1.5"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={toId} className="block text-xs font-semibold text-ink-700">
          Created to
        </label>
        <input
          id={toId}
          type="date"
          className="field-input mt-1 py-1.5"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
    </>
  );
}

/** The row of search, filters and sort above a list. */
export function ListControls({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-3">{children}</div>;
}

/** A copy of `set` with `id` taken out when it was in, put in when it was not. */
export function toggledIn(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** One column of a table: its header, how a row shows in it, and the sort it offers. */
export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** What the header shows instead of `header` (which then names the column for the code only). */
  headerCell?: ReactNode;
  sort?: string;
  className?: string;
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: { header: string; sort: string };
  sort: string;
  onSort: (sort: string) => void;
}) {
  const [current, direction] = sort.split('.');
  const active = current === column.sort;
  const Icon = active ? (direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  const next = active && direction === 'asc' ? 'desc' : active ? 'asc' : column.sort === 'createdAt' ? 'desc' : 'asc';
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 font-semibold tracking-wide uppercase hover:text-ink-900"
      onClick={() => onSort(`${column.sort}.${next}`)}
    >
      {column.header}
      <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
      <span className="sr-only">, sort {next === 'asc' ? 'ascending' : 'descending'}</span>
    </button>
  );
}

/**
 * The button that shows or hides a row's detail (the fields a row has no column for), named for
 * its row: Tab reaches it from the row, Enter or Space toggles it.
 */
function DetailToggle({
  open,
  label,
  controls,
  onToggle,
}: {
  open: boolean;
  label: string;
  controls: string;
  onToggle: () => void;
}) {
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={`Details: ${label}`}
      title={open ? 'Hide details' : 'Show details'}
      onClick={onToggle}
      className="-my-2 -ml-2 inline-flex size-10 items-center justify-center rounded-lg text-ink-700 hover:bg-slate-100"
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

/**
 * A table of `rows`: sortable headers (aria-sort), a sticky header, and rows that are reached
 * with Up and Down (Home, End) and opened with Enter (`onOpen`); Tab goes on to the buttons in
 * the focused row. With `detail`, each row starts with a button that shows, in a row of its own
 * below, what `detail` gives for it (the whole message, every field the columns leave out).
 */
export function DataTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  sort,
  onSort,
  onOpen,
  rowLabel,
  rowClassName,
  detail,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  sort: string;
  onSort: (sort: string) => void;
  onOpen: (row: T) => void;
  rowLabel: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  detail?: (row: T) => ReactNode;
}) {
  const [active, setActive] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const detailIds = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    body.current?.querySelectorAll<HTMLElement>(':scope > tr[data-row]')[next]?.focus();
  };
  const toggle = (id: string) => setExpanded((current) => toggledIn(current, id));
  const shownColumns: Column<T>[] = detail
    ? [
        {
          key: 'detail',
          header: 'Details',
          headerCell: <span className="sr-only">Details</span>,
          cell: (row) => (
            <DetailToggle
              open={expanded.has(row.id)}
              label={rowLabel(row)}
              controls={`${detailIds}-${row.id}`}
              onToggle={() => toggle(row.id)}
            />
          ),
          className: 'w-12 pr-0',
        },
        ...columns,
      ]
    : columns;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      focusRow(to);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(row);
    }
  };
  const [current, direction] = sort.split('.');
  const { ref: box, edges } = useScrollEdges<HTMLDivElement>();
  return (
    <div>
      <div className="relative rounded-2xl bg-white shadow-sm ring-1 ring-ink-700/10">
        <div
          ref={box}
          // The header sticks to the top of this box, which scrolls when the rows are taller than the
          // screen allows or the columns wider than the page; fog on the edges says where rows or
          // columns are hidden. It is a named region, so a keyboard can scroll it too.
          role="region"
          aria-label={`${caption} table`}
          tabIndex={0}
          className="max-h-[max(24rem,calc(100dvh-12rem))] overflow-auto rounded-2xl [scrollbar-color:var(--color-slate-400)_transparent] [scrollbar-width:thin]"
        >
          <table className="w-full border-separate border-spacing-0 text-left text-sm">
            <caption className="sr-only">
              {caption}. Use the arrow keys to move between rows and Enter to open one.
            </caption>
            <thead>
              <tr>
                {shownColumns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      column.sort && column.sort === current
                        ? direction === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                    className={cn(
                      'sticky top-0 z-10 border-b border-ink-700/10 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-ink-700 uppercase first:rounded-tl-2xl last:rounded-tr-2xl',
                      column.className,
                    )}
                  >
                    {column.headerCell ??
                      (column.sort ? (
                        <SortHeader column={{ header: column.header, sort: column.sort }} sort={sort} onSort={onSort} />
                      ) : (
                        column.header
                      ))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody ref={body}>
              {rows.map((row, index) => (
                <Fragment key={row.id}>
                  <tr
                    data-row
                    tabIndex={index === Math.min(active, rows.length - 1) ? 0 : -1}
                    aria-label={rowLabel(row)}
                    onFocus={(event) => {
                      if (event.target === event.currentTarget) setActive(index);
                    }}
                    onKeyDown={(event) => onKeyDown(event, index, row)}
                    className={cn(
                      'align-top outline-none hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700',
                      rowClassName?.(row),
                    )}
                  >
                    {shownColumns.map((column) => (
                      <td
                        key={column.key}
                        className={cn('border-b border-ink-700/5 px-4 py-3 text-ink-900', column.className)}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                  {detail && expanded.has(row.id) && (
                    <tr id={`${detailIds}-${row.id}`} className={rowClassName?.(row)}>
                      <td colSpan={shownColumns.length} className="border-b border-ink-700/10 px-4 pt-1 pb-4 pl-16">
                        {detail(row)}
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
        <ScrollEdgeShadows edges={edges} topOffset="top-10" />
      </div>
      <ScrollHint shown={edges.bottom}>Scroll for more rows</ScrollHint>
    </div>
  );
}

type Pages<T> = UseInfiniteQueryResult<InfiniteData<{ items: T[]; nextCursor: string | null; total: number }>>;

/** Every item loaded so far, in order. */
export function itemsOf<T>(query: Pages<T>): T[] {
  return query.data?.pages.flatMap((page) => page.items) ?? [];
}

/**
 * A list in its states: loading, failed, empty ('No clients found'), or `children` (the table or
 * the cards) followed by 'Showing 50 of 1,234' and "Load more" while there is more.
 */
export function PagedList<T>({
  query,
  what,
  loadingLabel,
  emptyIcon: EmptyIcon,
  emptyText,
  children,
}: {
  query: Pages<T>;
  what: string;
  loadingLabel: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} compact />;
  if (query.isError) return <ListError what={what} />;
  const items = itemsOf(query);
  const total = query.data.pages[0]?.total ?? items.length;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl bg-white p-10 text-center ring-1 ring-ink-700/10">
        <EmptyIcon aria-hidden="true" className="size-10 text-ink-600" />
        <p className="mt-3 font-semibold text-ink-900">{emptyText}</p>
      </div>
    );
  }
  return (
    <>
      {children(items)}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-700" aria-live="polite">
          Showing {formatCount(items.length)} of {formatCount(total)} {what}
        </p>
        {query.hasNextPage && (
          <button
            type="button"
            className="btn-secondary"
            aria-disabled={query.isFetchingNextPage || undefined}
            onClick={() => !query.isFetchingNextPage && void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        )}
      </div>
    </>
  );
}

/** A list's sort as the address holds it, or its default: best match with a search, else newest first. */
function currentSort(values: ListParams): string {
  return values.sort ?? (values.q ? 'relevance' : 'createdAt.desc');
}

/**
 * A tab's list: its search box, `filters`, the dates, and on phones the `Sort` select; then
 * `between` (bulk actions), and the rows as a table (wide screens) or as `cards`.
 */
export function ListBody<T extends { id: string }>({
  state: { values, set },
  searchLabel,
  filters,
  sortOptions,
  query,
  what,
  loadingLabel,
  emptyIcon,
  emptyText,
  table,
  cards,
  between,
}: {
  state: ReturnType<typeof useListParams>;
  searchLabel: string;
  filters: ReactNode;
  sortOptions: readonly (readonly [string, string])[];
  query: Pages<T>;
  what: string;
  loadingLabel: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  table: Omit<Parameters<typeof DataTable<T>>[0], 'rows' | 'sort' | 'onSort'>;
  cards: (items: T[]) => ReactNode;
  between?: ReactNode;
}) {
  const wide = useWide();
  const sort = currentSort(values);
  return (
    <>
      <ListControls>
        <SearchBox
          label={searchLabel}
          value={values.q ?? ''}
          onSearch={(q) => set({ q, sort: undefined }, 'replace')}
        />
        {filters}
        <DateRange from={values.from ?? ''} to={values.to ?? ''} onChange={(changes) => set(changes)} />
        {!wide && (
          <FilterSelect
            label="Sort"
            value={sort}
            options={values.q ? [['relevance', 'Best match'], ...sortOptions] : sortOptions}
            onChange={(value) => set({ sort: value })}
          />
        )}
      </ListControls>
      {wide && between}
      <PagedList query={query} what={what} loadingLabel={loadingLabel} emptyIcon={emptyIcon} emptyText={emptyText}>
        {(items) =>
          wide ? (
            <DataTable {...table} rows={items} sort={sort} onSort={(value) => set({ sort: value })} />
          ) : (
            cards(items)
          )
        }
      </PagedList>
    </>
  );
}
