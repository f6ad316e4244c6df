/**
 * Where files are added (docs/product.md#files): an 'Add files' button opening the file picker,
 * a zone that takes files dropped on it (outlined while files are dragged over), and files pasted
 * into the form around it (`pastedFiles`). Below it, each upload with its name, size, a progress
 * bar and Cancel while it runs, and the reason when it was refused. Keyboard: the button and each
 * Cancel are ordinary buttons; progress and refusals are announced politely.
 */
import { Paperclip, X } from 'lucide-react';
import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { formatBytes } from '../../shared/bytes.ts';
import { cn } from '../lib/cn.ts';
import type { Upload } from './use-uploads.ts';

/** The files of a paste, if any (a screenshot, files copied in a file manager). */
export function pastedFiles(event: ClipboardEvent): File[] {
  return Array.from(event.clipboardData?.files ?? []);
}

/** One upload's line: name, size, progress or state, Cancel or Dismiss. */
function UploadLine({ upload, onCancel, onDismiss }: { upload: Upload; onCancel: () => void; onDismiss: () => void }) {
  const percent = Math.round(upload.progress * 100);
  return (
    <li className="grid gap-1 rounded-lg bg-white p-3 text-sm ring-1 ring-ink-700/10">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-semibold text-ink-900" title={upload.name}>
          {upload.name}
        </span>
        <span className="shrink-0 text-ink-700">{formatBytes(upload.size)}</span>
        {upload.status === 'uploading' ? (
          <button type="button" className="btn-secondary shrink-0 px-2 py-1 text-xs" onClick={onCancel}>
            Cancel<span className="sr-only"> the upload of {upload.name}</span>
          </button>
        ) : (
          <button
            type="button"
            className="shrink-0 rounded p-1 text-ink-700 hover:bg-ink-700/10"
            onClick={onDismiss}
            aria-label={`Remove ${upload.name} from the list`}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {upload.status === 'uploading' && (
        <progress
          className="h-2 w-full accent-brand-700"
          max={100}
          value={percent}
          aria-label={`Uploading ${upload.name}`}
        />
      )}
      {upload.status === 'done' && <p className="text-green-800">Uploaded</p>}
      {upload.status === 'cancelled' && <p className="text-ink-700">Cancelled</p>}
      {upload.status === 'failed' && (
        <p role="alert" className="field-error">
          {upload.error}
        </p>
      )}
    </li>
  );
}

/**
 * The zone: `onFiles` gets what is picked or dropped; `uploads` are listed under it. `hint` says
 * the limits ('Up to 25 MB a file'); `children` go beside the button (e.g. the internal switch).
 */
export function FileDrop({
  label,
  hint,
  uploads,
  onFiles,
  onCancel,
  onDismiss,
  children,
  compact = false,
}: {
  label: string;
  hint: string;
  uploads: Upload[];
  onFiles: (files: File[]) => void;
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
  children?: ReactNode;
  compact?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };
  const running = uploads.filter((u) => u.status === 'uploading').length;
  return (
    <div className="grid gap-3">
      {/* Dropping is a pointer shortcut; the button inside is the way for the keyboard and screen readers. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        data-testid="file-drop"
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-wrap items-center gap-3 rounded-xl border-2 border-dashed p-4',
          compact ? 'border-ink-700/20' : 'border-ink-700/30 bg-white',
          over && 'border-brand-600 bg-brand-50',
        )}
      >
        <button
          type="button"
          className="btn-secondary"
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          <Paperclip aria-hidden="true" className="size-4" />
          {label}
        </button>
        <p id={hintId} className="min-w-0 text-sm text-ink-700">
          {hint}
        </p>
        {children}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {running > 0 ? `Uploading ${running} ${running === 1 ? 'file' : 'files'}` : ''}
      </p>
      {uploads.length > 0 && (
        <ul className="grid gap-2" aria-label="Uploads">
          {uploads.map((u) => (
            <UploadLine key={u.key} upload={u} onCancel={() => onCancel(u.key)} onDismiss={() => onDismiss(u.key)} />
          ))}
        </ul>
      )}
    </div>
  );
}
