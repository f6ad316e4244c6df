/**
 * One file sent to a project's Files (docs/product.md#files): a multipart POST with the field
 * `file` (and `internal=true` for staff's internal files), through XMLHttpRequest because `fetch`
 * reports no upload progress. Same-origin, cookies included, as every API call (lib/api.ts).
 */
import { apiErrorOf, type ApiError } from '../lib/api.ts';

/** A stored file as the upload routes answer it. */
export interface UploadedFile {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  /** The media type detected from the content. */
  type: string;
}

/** Thrown when the upload was cancelled with its AbortSignal. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/** How long a busy server's 503 is answered by sending the file again, in milliseconds (as lib/api.ts). */
const BUSY_RETRY_WINDOW_MS = 15_000;

interface UploadOptions {
  internal?: boolean;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/**
 * Uploads `file` to `url`; `onProgress` gets the fraction sent (0 to 1) as it goes. While the
 * server answers 503 with `Retry-After` (it stored nothing: docs/product.md#errors), the file is
 * sent again after that wait, for up to 15 s.
 * @returns the stored file (the route's 201 answer)
 * @throws {ApiError} for any answer but 2xx (its message is the server's, docs/product.md#errors)
 * @throws {UploadCancelled} when `signal` aborts it
 * @throws {TypeError} when the network fails
 */
export async function uploadFile(url: string, file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const deadline = Date.now() + BUSY_RETRY_WINDOW_MS;
  for (;;) {
    try {
      return await sendOnce(url, file, options);
    } catch (error) {
      const waitMs = error instanceof BusyAnswer ? error.waitMs : null;
      if (waitMs === null || Date.now() + waitMs > deadline) throw error instanceof BusyAnswer ? error.error : error;
      options.onProgress?.(0);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      if (options.signal?.aborted) throw new UploadCancelled();
    }
  }
}

/** A 503 with Retry-After: the answer's error, and the wait it asks for. */
class BusyAnswer extends Error {
  constructor(
    readonly error: ApiError,
    readonly waitMs: number,
  ) {
    super(error.message);
  }
}

function sendOnce(url: string, file: File, options: UploadOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const body = new FormData();
    if (options.internal) body.append('internal', 'true');
    body.append('file', file, file.name);
    request.open('POST', url);
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const text = String(request.response ?? '');
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve(JSON.parse(text) as UploadedFile);
        return;
      }
      const retryAfter = request.getResponseHeader('Retry-After');
      void apiErrorOf({ status: request.status, statusText: request.statusText, text: async () => text }).then(
        (error: ApiError) => {
          const seconds = Number(retryAfter);
          if (request.status === 503 && retryAfter !== null) {
            reject(
              new BusyAnswer(error, Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, 5000)),
            );
          } else reject(error);
        },
      );
    });
    request.addEventListener('error', () => reject(new TypeError('The upload could not reach the server')));
    request.addEventListener('abort', () => reject(new UploadCancelled()));
    if (options.signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
