/**
 * The uploads a drop zone runs (docs/product.md#files): each file checked against the limits
 * before it is sent (a file over UPLOAD_MAX_BYTES, or one that would take the client over its
 * quota, is refused at once with the server's own wording), then sent with its own progress and
 * a Cancel; the server's refusal, if any, is shown on the file. Files are sent side by side.
 */
import { useCallback, useRef, useState } from 'react';
import { fileTooLargeMessage, storageFullMessage } from '../../shared/files.ts';
import { messageOf } from '../lib/api.ts';
import { UploadCancelled, uploadFile, type UploadedFile } from './upload.ts';

/** One file in the drop zone's list. */
export interface Upload {
  key: string;
  name: string;
  /** Bytes. */
  size: number;
  /** The fraction sent, 0 to 1. */
  progress: number;
  status: 'uploading' | 'done' | 'failed' | 'cancelled';
  /** Why it failed, as the person reads it. */
  error?: string;
  /** The stored file, once done. */
  file?: UploadedFile;
}

/** The limits the browser checks before sending (from the files list's `storage`). */
export interface UploadLimits {
  /** UPLOAD_MAX_BYTES. */
  fileMax: number;
  /** The bytes the client's files take now. */
  used: number;
  /** CLIENT_STORAGE_QUOTA_BYTES. */
  quota: number;
}

let counter = 0;

/**
 * `add(files)` checks and starts uploads to `url`; `cancel(key)` stops one; `dismiss(key)` takes
 * a finished, failed or cancelled one off the list; `reset()` empties it. `onUploaded` is called
 * with each stored file. `maxFiles` (e.g. a message's 10) refuses the files beyond it.
 */
export function useUploads(options: {
  url: string;
  limits: UploadLimits | undefined;
  internal?: boolean;
  maxFiles?: number;
  onUploaded?: (file: UploadedFile) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const current = useRef(uploads);
  current.current = uploads;
  const controllers = useRef(new Map<string, AbortController>());
  const latest = useRef(options);
  latest.current = options;
  // Bytes of uploads still running, not yet in `limits.used`.
  const pending = useRef(0);

  const update = useCallback((key: string, change: Partial<Upload>) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);

  const start = useCallback(
    (file: File, key: string) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const { url, internal } = latest.current;
      uploadFile(url, file, {
        ...(internal ? { internal } : {}),
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      })
        .then((stored) => {
          pending.current -= file.size;
          update(key, { status: 'done', progress: 1, file: stored });
          latest.current.onUploaded?.(stored);
        })
        .catch((error: unknown) => {
          pending.current -= file.size;
          if (error instanceof UploadCancelled) update(key, { status: 'cancelled' });
          else update(key, { status: 'failed', error: messageOf(error, 'The upload failed. Please try again.') });
        })
        .finally(() => controllers.current.delete(key));
    },
    [update],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const { limits, maxFiles } = latest.current;
      const fresh: Upload[] = [];
      const toStart: [File, string][] = [];
      let count = current.current.filter((u) => u.status === 'uploading' || u.status === 'done').length;
      for (const file of files) {
        const key = `upload-${++counter}`;
        const base = { key, name: file.name || 'Pasted file', size: file.size, progress: 0 };
        let error: string | undefined;
        if (maxFiles !== undefined && count >= maxFiles) error = `A message can carry at most ${maxFiles} files`;
        else if (limits && file.size > limits.fileMax) error = fileTooLargeMessage(limits.fileMax);
        else if (limits && limits.used + pending.current + file.size > limits.quota) {
          error = storageFullMessage(limits.quota);
        }
        if (error) {
          fresh.push({ ...base, status: 'failed', error });
          continue;
        }
        count++;
        pending.current += file.size;
        fresh.push({ ...base, status: 'uploading' });
        toStart.push([file, key]);
      }
      setUploads((list) => [...list, ...fresh]);
      for (const [file, key] of toStart) start(file, key);
    },
    [start],
  );

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);
  const dismiss = useCallback((key: string) => setUploads((list) => list.filter((u) => u.key !== key)), []);
  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    pending.current = 0;
    setUploads([]);
  }, []);

  return { uploads, add, cancel, dismiss, reset };
}
