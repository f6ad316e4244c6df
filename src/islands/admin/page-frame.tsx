/**
 * The frame of a record's own page on the dashboard (a client's, a lead's): a back link to the
 * list, the heading (focused when the page opens, so screen readers announce it), and the
 * loading and not-found states.
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '../lib/api.ts';
import { Loading } from '../ui/loading.tsx';
import { ListError } from './parts.tsx';

/** `children` under a back link and the page's heading, once `query` has loaded. */
export function RecordPage<T>({
  query,
  what,
  backHref,
  backLabel,
  title,
  actions,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  what: string;
  backHref: string;
  backLabel: string;
  title: (record: T) => string;
  actions?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = query.data !== undefined;
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);
  const missing = query.isError && query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <a
        href={backHref}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {backLabel}
      </a>
      {query.data !== undefined ? (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1
              ref={heading}
              tabIndex={-1}
              className="min-w-0 text-3xl font-extrabold wrap-anywhere text-ink-900 outline-none"
            >
              {title(query.data)}
            </h1>
            {actions?.(query.data)}
          </div>
          {children(query.data)}
        </>
      ) : query.isPending ? (
        <Loading label={`Loading the ${what}...`} compact />
      ) : missing ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-ink-900">
          This {what} no longer exists.
        </p>
      ) : (
        <ListError what={what} />
      )}
    </div>
  );
}

/** A titled white panel on a record's page. */
export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10">
      <h2 id={id} className="mb-3 text-lg font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
