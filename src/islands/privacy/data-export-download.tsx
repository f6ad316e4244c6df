/**
 * /data-export (docs/product.md#privacy): downloads a data export from its emailed link. The token
 * comes after `#` (never sent to a server in an address) and leaves the address bar as soon as it
 * is read; the page sends no Referer. The page shows the archive's size and expiry, then
 * `Download` spends the link (it works once) and saves the ZIP. A used or expired link says so.
 */
import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../shared/bytes.ts';
import { api, ApiError, messageOf, unwrap } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { Loading } from '../ui/loading.tsx';

type State =
  | { step: 'reading' }
  | { step: 'ready'; token: string; fileName: string; sizeBytes: number; expiresAt: string }
  | { step: 'downloading'; token: string; fileName: string; sizeBytes: number; expiresAt: string }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; message: string };

const EXPIRED = 'This download link has been used or has expired. Ask for a new export from your settings, or ask us.';

function Download() {
  const [state, setState] = useState<State>({ step: 'reading' });
  const started = useRef(false);

  useEffect(() => {
    const read = () => {
      const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
      if (!token && started.current) return;
      started.current = true;
      history.replaceState(null, '', window.location.pathname);
      if (!token) {
        setState({ step: 'failed', message: 'This download link is incomplete. Open it again from the email.' });
        return;
      }
      setState({ step: 'reading' });
      unwrap(api['data-exports'].status.$post({ json: { token } })).then(
        (found) => setState({ step: 'ready', token, ...found }),
        (error: unknown) =>
          setState({
            step: 'failed',
            message:
              error instanceof ApiError && error.status === 410
                ? EXPIRED
                : messageOf(error, 'Something went wrong. Please try again.'),
          }),
      );
    };
    read();
    // The link opened again in this tab changes only the part after `#`.
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);

  const download = async () => {
    if (state.step !== 'ready') return;
    setState({ ...state, step: 'downloading' });
    try {
      const response = await api['data-exports'].download.$post({ json: { token: state.token } });
      if (!response.ok) {
        setState({
          step: 'failed',
          message: (response.status as number) === 410 ? EXPIRED : 'The download failed. Please try again.',
        });
        return;
      }
      const blob = await response.blob();
      const { fileName } = state;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ step: 'done', fileName });
    } catch {
      setState({ step: 'failed', message: 'The download was cut off. Ask for a new export, or ask us.' });
    }
  };

  return (
    <section
      aria-labelledby="export-title"
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-ink-700/10 sm:p-8"
    >
      <h1 id="export-title" className="text-2xl font-extrabold text-ink-900">
        Your data export
      </h1>
      <div className="mt-6" aria-live="polite">
        {state.step === 'reading' && <Loading label="Checking the link..." compact />}
        {(state.step === 'ready' || state.step === 'downloading') && (
          <div className="grid gap-4">
            <p className="text-ink-700">
              A ZIP file of {formatBytes(state.sizeBytes)}. The link works once, until {formatDateTime(state.expiresAt)}
              . It holds personal data: keep it somewhere safe.
            </p>
            <button
              type="button"
              className="btn-primary"
              disabled={state.step === 'downloading'}
              onClick={() => void download()}
            >
              {state.step === 'downloading' ? 'Downloading...' : 'Download the ZIP file'}
            </button>
          </div>
        )}
        {state.step === 'done' && (
          <p role="status" className="rounded-lg bg-green-50 p-4 text-ink-900">
            Downloaded as {state.fileName}. This link is now used.
          </p>
        )}
        {state.step === 'failed' && (
          <p role="alert" className="rounded-lg bg-amber-50 p-4 text-ink-900">
            {state.message}
          </p>
        )}
      </div>
    </section>
  );
}

export default function DataExportDownload() {
  return (
    <QueryIsland>
      <Download />
    </QueryIsland>
  );
}
