/**
 * 'Calendar feed' on the Bookings tab (docs/product.md#bookings): the signed-in staff member's
 * private .ics link to subscribe to from Google Calendar or Outlook. The server keeps only a hash
 * of the link, so it is shown once, right after 'Create feed link' (with a copy button); later the
 * panel says the feed is on and since when. 'Create a new link' replaces it (the old one stops
 * working, so it asks first) and 'Turn off' revokes it (the link answers 404).
 */
import { Copy, Link2, RefreshCw, Unlink } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Loading } from '../ui/loading.tsx';
import { useCreateFeed, useTurnOffFeed } from './bookings-mutations.ts';
import { useCalendarFeed } from './bookings-queries.ts';
import { ListError } from './parts.tsx';

const HOW_TO =
  'Subscribe from Google Calendar (Other calendars → From URL) or Outlook (Add calendar → Subscribe from web).';

/** The link just created, with its copy button. */
function FeedLink({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Paste it into your calendar app.' });
    } catch {
      toast({
        title: 'Could not copy the link',
        description: 'Select it and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-2">
      <label htmlFor="calendar-feed-url" className="field-label">
        Your feed link
      </label>
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <input
          id="calendar-feed-url"
          readOnly
          value={url}
          aria-describedby="calendar-feed-url-hint"
          className="field-input min-w-0 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn-secondary shrink-0" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" /> Copy link
        </button>
      </div>
      <p id="calendar-feed-url-hint" className="text-sm text-ink-700">
        This link is shown only now. Anyone who has it can see your meetings, so keep it private.
      </p>
    </div>
  );
}

/** The panel's contents; the section and its heading are the tab's. */
export function CalendarFeed() {
  const feed = useCalendarFeed();
  const create = useCreateFeed();
  const turnOff = useTurnOffFeed();
  const [url, setUrl] = useState<string | null>(null);
  const makeLink = () =>
    create.mutateAsync().then((answer) => {
      setUrl(answer.url);
      setTimeout(() => document.getElementById('calendar-feed-url')?.focus(), 0);
    });
  if (feed.isPending) return <Loading label="Loading the calendar feed..." compact />;
  if (feed.isError) return <ListError what="calendar feed" />;
  const { active, createdAt } = feed.data;

  return (
    <div className="grid gap-4">
      <p className="text-ink-700">A private calendar of the calls booked with you, kept up to date. {HOW_TO}</p>
      <p role="status" className="font-semibold text-ink-900">
        {!active
          ? 'Your feed is off.'
          : url
            ? 'Your feed is on.'
            : `Your feed is on (created ${createdAt ? formatDateTime(createdAt) : 'earlier'}). The link was shown when you created it; create a new link to see one again.`}
      </p>
      {active && url && <FeedLink url={url} />}
      {!active ? (
        <div>
          <button
            type="button"
            className="btn-primary"
            disabled={create.isPending}
            onClick={() =>
              void makeLink().catch((error: unknown) =>
                toast({
                  title: 'Could not create the link',
                  description: messageOf(error, 'Please try again.'),
                  variant: 'destructive',
                }),
              )
            }
          >
            <Link2 aria-hidden="true" className="size-4" /> Create feed link
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <ConfirmAction
            trigger={
              <button type="button" className="btn-secondary">
                <RefreshCw aria-hidden="true" className="size-4" /> Create a new link
              </button>
            }
            title="Create a new feed link?"
            description="The current link stops working: calendars subscribed to it stop updating until you subscribe with the new one."
            confirmLabel="Create a new link"
            pendingLabel="Creating..."
            onConfirm={makeLink}
            onCloseAutoFocus={(event) => {
              const link = document.getElementById('calendar-feed-url');
              if (!link) return;
              event.preventDefault();
              link.focus();
            }}
          />
          <ConfirmAction
            trigger={
              <button type="button" className="btn-secondary">
                <Unlink aria-hidden="true" className="size-4" /> Turn off
              </button>
            }
            title="Turn off your calendar feed?"
            description="The link stops working at once; calendars subscribed to it show no more updates."
            confirmLabel="Turn off"
            pendingLabel="Turning off..."
            tone="danger"
            onConfirm={() => turnOff.mutateAsync().then(() => setUrl(null))}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              document.querySelector<HTMLElement>('#calendar-feed-heading')?.focus();
            }}
          />
        </div>
      )}
    </div>
  );
}
