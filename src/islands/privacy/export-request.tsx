/**
 * Asking for a data export (docs/product.md#privacy), the same on the client's settings and on a
 * client's or lead's staff page: a button, what happens next (the link arrives by email), and the
 * latest exports with their state. The server allows one a day per person; its 429 message is
 * shown as it is.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatBytes } from '../../shared/bytes.ts';
import { messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';

/** An export as the API lists it. */
export interface ExportItem {
  id: string;
  status: 'queued' | 'ready' | 'failed' | 'downloaded' | 'expired';
  requestedBy: string;
  sizeBytes: number | null;
  createdAt: string;
}

/** How often the list is read again while an export is being prepared, in milliseconds. */
const PREPARING_POLL_MS = 3000;

const STATES: Record<ExportItem['status'], string> = {
  queued: 'Being prepared',
  ready: 'Link sent by email',
  downloaded: 'Downloaded',
  expired: 'Link expired',
  failed: 'Failed, ask again',
};

/** The button and the list; `ask` posts the request, `list` reads the exports, `sentTo` says where the link goes. */
export function ExportRequest({
  queryKey,
  ask,
  list,
  label,
  sentTo,
}: {
  queryKey: readonly unknown[];
  ask: () => Promise<unknown>;
  list: () => Promise<ExportItem[]>;
  label: string;
  sentTo: string;
}) {
  const queryClient = useQueryClient();
  // While one is being prepared, its state is read again every few seconds.
  const exports = useQuery({
    queryKey,
    queryFn: list,
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'queued') ? PREPARING_POLL_MS : false),
  });
  const request = useMutation({
    mutationFn: ask,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  return (
    <div className="grid gap-3">
      <div>
        <button type="button" className="btn-secondary" disabled={request.isPending} onClick={() => request.mutate()}>
          {request.isPending ? 'Asking...' : label}
        </button>
      </div>
      <div aria-live="polite" className="text-sm">
        {request.isSuccess && (
          <p className="rounded-lg bg-green-50 p-3 text-ink-900">
            We are preparing the data as a ZIP file. A download link will arrive by email at {sentTo} within a few
            minutes. It works once, for 48 hours.
          </p>
        )}
        {request.isError && (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-ink-900">
            {messageOf(request.error, 'The export could not be asked for. Please try again.')}
          </p>
        )}
      </div>
      {exports.data && exports.data.length > 0 && (
        <ul className="grid gap-1 text-sm text-ink-700" aria-label="Data exports">
          {exports.data.slice(0, 3).map((e) => (
            <li key={e.id}>
              {formatDateTime(e.createdAt)}: {STATES[e.status]}
              {e.sizeBytes !== null ? ` (${formatBytes(e.sizeBytes)})` : ''}
              {e.requestedBy !== 'self' ? `, asked by ${e.requestedBy}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
