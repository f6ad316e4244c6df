/**
 * Receiving an uploaded file (docs/product.md#files; docs/decisions/0030-files-and-approvals.md).
 *
 * The multipart body is parsed as it arrives (busboy) and the file's bytes go straight to the
 * storage, hashed (SHA-256) and counted on the way: a file is never held whole in memory. Its type
 * comes from its first bytes (file-type), never from its name; an upload cut half-way, too large,
 * of a type not accepted, or an image too large to process leaves nothing in the storage.
 */
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { fileTooLargeMessage, PREVIEW_IMAGE_TYPES } from '../../../shared/files.ts';
import { AppError } from '../../errors.ts';
import { newStorageKey, type FileStorage } from '../../storage/storage.ts';

/**
 * The types accepted (docs/product.md#files): images, PDF, office documents (Office Open XML,
 * OpenDocument, the older compound files), rich and plain text, zip archives and fonts.
 */
export const ACCEPTED_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/tiff',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/x-cfb',
  'application/rtf',
  'text/plain',
  'application/zip',
  'font/woff',
  'font/woff2',
  'font/ttf',
  'font/otf',
]);

/** What a file of a type not accepted gets. */
export const TYPE_REFUSED_MESSAGE =
  'This kind of file is not accepted. Send images, PDFs, office documents, text, zip archives or fonts.';

/** Images shown inline as previews; every other type is only ever a download. */
export const PREVIEW_TYPES = new Set(PREVIEW_IMAGE_TYPES);

/**
 * The most pixels an image may have (50 megapixels): sharp refuses to read more, so an image
 * bomb (a small file that decodes to gigabytes) is refused from its header, never decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Bytes of the file's start that the type is detected from. */
const HEAD_BYTES = 4100;
/** The longest name kept, in characters. */
const NAME_MAX = 200;

/** What arrived: the stored file and the form's other fields. */
export interface ReceivedUpload {
  key: string;
  name: string;
  size: number;
  type: string;
  sha256: string;
  fields: Record<string, string>;
}

/**
 * The name shown for an upload: the last part of what the browser sent (no folder, from `/` or
 * `\`), without control characters, at most NAME_MAX characters (the extension kept); `file`
 * when nothing is left.
 */
export function cleanFileName(raw: string | undefined): string {
  const last = (raw ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const name = last === '.' || last === '..' ? '' : last;
  if (name.length <= NAME_MAX) return name || 'file';
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, NAME_MAX - extension.length) + extension;
}

/**
 * The media type of a file from its first bytes: file-type's answer, or `text/plain` for UTF-8
 * text without NUL bytes (text has no signature); null for anything else.
 */
export async function detectType(head: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  if (head.includes(0)) return null;
  try {
    // `stream: true` lets a character cut at the end of the head pass.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'text/plain';
  } catch {
    return null;
  }
}

/**
 * Refuses an image whose header says it is over MAX_IMAGE_PIXELS, reading the header only.
 * @throws {AppError} 422 `image_too_large`
 */
export async function checkImage(storage: FileStorage, key: string): Promise<void> {
  const input = await storage.read(key);
  const reader = sharp({ limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  input.pipe(reader);
  try {
    const { width = 0, height = 0 } = await reader.metadata();
    if (width * height > MAX_IMAGE_PIXELS) throw new Error('too many pixels');
  } catch {
    throw new AppError(422, 'image_too_large', 'This image is too large to process (over 50 megapixels).', {
      file: 'This image is too large to process (over 50 megapixels).',
    });
  } finally {
    input.destroy();
  }
}

/**
 * Reads a multipart upload (field `file`, plus up to 10 short fields) from `body` into `storage`.
 * @param maxBytes the largest file accepted (UPLOAD_MAX_BYTES)
 * @returns the stored file and the other fields
 * @throws {AppError} 400 for a body that is not multipart or is cut half-way, 413 for a file over
 *   `maxBytes`, 415 for a type not accepted, 422 without a file or for an image over
 *   MAX_IMAGE_PIXELS; in every case nothing is left in the storage
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  storage: FileStorage,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (!body || !contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data, in a field named file.');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1000, parts: 12 },
    });
  } catch {
    throw new AppError(400, 'bad_request', 'The upload could not be read.');
  }
  const fields: Record<string, string> = {};
  const writing: { done: Promise<void> | null } = { done: null };
  let key: string | null = null;
  let name = 'file';
  let size = 0;
  let tooLarge = false;
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;

  const finished = new Promise<void>((resolve, reject) => {
    parser.on('file', (field, stream) => {
      if (field !== 'file' || key) {
        stream.resume();
        return;
      }
      key = newStorageKey();
      const through = new PassThrough();
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
        if (headLength < HEAD_BYTES) {
          head.push(chunk);
          headLength += chunk.length;
        }
      });
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('error', (error) => through.destroy(error));
      stream.pipe(through);
      writing.done = storage.put(key, through);
      writing.done.catch(() => undefined);
    });
    parser.on('field', (field, value) => {
      fields[field] = value;
    });
    parser.on('close', () => resolve());
    parser.on('error', (error) => reject(error));
  });
  parser.on('file', (_field, _stream, info) => {
    if (!key) return;
    name = cleanFileName(info.filename);
  });

  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  const discard = async () => {
    if (key) await storage.delete(key).catch(() => undefined);
  };
  try {
    await finished;
    if (writing.done) await writing.done;
  } catch {
    await writing.done?.catch(() => undefined);
    await discard();
    throw new AppError(
      400,
      'upload_incomplete',
      'The upload was cut off before it ended. Nothing was saved; please try again.',
    );
  }
  if (!key)
    throw new AppError(422, 'invalid_fields', 'Please choose a file to upload.', {
      file: 'Please choose a file to upload.',
    });
  if (tooLarge) {
    await discard();
    const message = fileTooLargeMessage(maxBytes);
    throw new AppError(413, 'file_too_large', message, { file: message });
  }
  const type = await detectType(new Uint8Array(Buffer.concat(head).subarray(0, HEAD_BYTES)));
  if (!type || !ACCEPTED_TYPES.has(type)) {
    await discard();
    const message = TYPE_REFUSED_MESSAGE;
    throw new AppError(415, 'file_type_refused', message, { file: message });
  }
  if (type.startsWith('image/')) {
    try {
      await checkImage(storage, key);
    } catch (error) {
      await discard();
      throw error;
    }
  }
  return { key, name, size, type, sha256: hash.digest('hex'), fields };
}
