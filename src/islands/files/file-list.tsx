/**
 * A project's files as both sides list them (docs/product.md#files): a thumbnail for a picture
 * (the file's preview route, made on the server with a pixel limit), an icon for anything else
 * (a PDF, a document, a zip), the name as a link that downloads it (the file's route), its size,
 * who added it and when, and 'Internal' on staff-only files. `actions` adds buttons per file.
 */
import { File as FileIcon, FileArchive, FileImage, FileText, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatBytes } from '../../shared/bytes.ts';
import { PREVIEW_IMAGE_TYPES } from '../../shared/files.ts';
import { api } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';

/** A file as the lists carry it. */
export interface ListedFile {
  id: string;
  name: string;
  size: number;
  type: string;
  internal: boolean;
  uploadedBy: 'client' | 'staff';
  uploaderName: string;
  createdAt: string;
}

/** The download address of file `id`, from the typed client. */
const fileUrl = (id: string) => api.files[':id'].$path({ param: { id } });
/** The thumbnail address of file `id` (pictures only), from the typed client. */
const previewUrl = (id: string) => api.files[':id'].preview.$path({ param: { id } });

function TypeIcon({ type }: { type: string }) {
  const Icon = type.startsWith('image/')
    ? FileImage
    : type === 'application/zip'
      ? FileArchive
      : type === 'application/pdf' || type.startsWith('text/') || type.includes('document')
        ? FileText
        : FileIcon;
  return <Icon aria-hidden="true" className="size-7 text-ink-700" />;
}

/** A small square picture of the file: its thumbnail, or its type's icon. */
function FileThumb({ file }: { file: Pick<ListedFile, 'id' | 'type'> }) {
  return (
    <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-ink-700/5">
      {PREVIEW_IMAGE_TYPES.includes(file.type) ? (
        <img src={previewUrl(file.id)} alt="" width={56} height={56} loading="lazy" className="size-14 object-cover" />
      ) : (
        <TypeIcon type={file.type} />
      )}
    </span>
  );
}

/** A file's name as a download link, with its size. */
export function FileLink({ file }: { file: Pick<ListedFile, 'id' | 'name' | 'size'> }) {
  return (
    <a
      href={fileUrl(file.id)}
      download={file.name}
      className="font-semibold wrap-anywhere text-brand-700 underline-offset-2 hover:underline"
    >
      {file.name}
      <span className="sr-only">, {formatBytes(file.size)}, download</span>
    </a>
  );
}

/** The files, newest first; `empty` when there are none. */
export function FileList({
  files,
  empty,
  actions,
}: {
  files: ListedFile[];
  empty: string;
  actions?: (file: ListedFile) => ReactNode;
}) {
  if (files.length === 0) return <p className="text-ink-700">{empty}</p>;
  return (
    <ul className="grid gap-2" aria-label="Files">
      {[...files].reverse().map((file) => (
        <li
          key={file.id}
          className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-ink-700/10 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
        >
          <FileThumb file={file} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <FileLink file={file} />
              {file.internal && (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-900">
                  <Lock aria-hidden="true" className="size-3" /> Internal
                </span>
              )}
            </div>
            <p className="text-sm wrap-anywhere text-ink-700">
              {formatBytes(file.size)} · {file.uploaderName} · {formatDateTime(file.createdAt)}
            </p>
          </div>
          {actions && (
            <div className="col-start-2 flex flex-wrap items-center gap-2 sm:col-start-auto sm:justify-end">
              {actions(file)}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A message's attachments under its text: each file's thumbnail, name (a download) and size. */
export function AttachmentList({ files }: { files: Pick<ListedFile, 'id' | 'name' | 'size' | 'type'>[] }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-2 grid gap-2">
      {files.map((file) => (
        <li key={file.id} className="flex items-center gap-2 text-sm">
          <FileThumb file={file} />
          <span className="min-w-0">
            <FileLink file={file} />
            <span className="block text-ink-700">{formatBytes(file.size)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
