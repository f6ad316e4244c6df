/**
 * 'Recent activity', the latest admin events (docs/product.md#activity-log): who created,
 * updated or deleted what, and when; an event about a project or a proposal that still exists
 * links to its page. Shows the 8 newest, with the rest (up to the 50 the API returns) behind
 * 'Show all'.
 */
import { History } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../lib/format.ts';
import { Loading } from '../ui/loading.tsx';
import { Badge, ListError } from './parts.tsx';
import { useEvents, type AdminEvent } from './queries.ts';

const FIRST = 8;
const TONE = { create: 'green', update: 'blue', delete: 'red' } as const;
const LABEL = { create: 'Created', update: 'Updated', delete: 'Deleted' } as const;

/** The page an event's record has ('#project/{id}', '#proposal/{id}'), or null for none. */
function pageOf(event: AdminEvent): string | null {
  if (event.action === 'delete') return null;
  if (event.entity === 'project') return `#project/${encodeURIComponent(event.entityId)}`;
  if (event.entity === 'proposal') return `#proposal/${encodeURIComponent(event.entityId)}`;
  return null;
}

/** One admin event: what was done, to what, by whom and when. */
export function EventRow({ event }: { event: AdminEvent }) {
  const href = pageOf(event);
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-ink-700/10 py-3 last:border-b-0">
      <Badge tone={TONE[event.action]}>{LABEL[event.action]}</Badge>
      <span className="min-w-0 flex-1 wrap-anywhere text-ink-900">
        {href ? (
          <a href={href} className="text-brand-700 underline-offset-2 hover:underline">
            {event.summary}
          </a>
        ) : (
          event.summary
        )}
      </span>
      <span className="text-sm text-ink-700">
        {event.name} · <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
      </span>
    </li>
  );
}

/** The 'Recent activity' panel under the tabs. */
export function ActivityLog() {
  const events = useEvents();
  const [all, setAll] = useState(false);
  return (
    <section aria-labelledby="activity-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10">
      <h2 id="activity-heading" className="flex items-center gap-2 text-lg font-bold text-ink-900">
        <History aria-hidden="true" className="size-5" /> Recent activity
      </h2>
      {events.isPending ? (
        <Loading label="Loading activity..." compact />
      ) : events.isError ? (
        <ListError what="activity" />
      ) : events.data.length === 0 ? (
        <p className="mt-3 text-ink-700">No changes recorded yet.</p>
      ) : (
        <>
          <ul className="mt-2">
            {(all ? events.data : events.data.slice(0, FIRST)).map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ul>
          {events.data.length > FIRST && (
            <button
              type="button"
              className="mt-2 text-sm font-semibold text-brand-700 hover:underline"
              aria-expanded={all}
              onClick={() => setAll(!all)}
            >
              {all ? 'Show fewer' : `Show all ${events.data.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
