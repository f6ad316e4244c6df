/**
 * The PDF sent to `/verify` (docs/product.md#agreements): a multipart body whose `file` field is
 * read as it arrives into a SHA-256 (busboy), never stored; only its digest and size come out.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '../../errors.ts';

/**
 * The SHA-256 (hex) and size in bytes of the `file` field of multipart `body`, at most `maxBytes`.
 * @throws {AppError} 415 for a body that is not multipart, 400 for one cut half-way, 413 past
 *   `maxBytes`, 422 without a file
 */
export async function hashUploadedFile(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  maxBytes: number,
): Promise<{ sha256: string; size: number }> {
  if (!body || !contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_media_type', 'Send the PDF as multipart/form-data, in a field named file.');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: maxBytes, fields: 5, fieldSize: 1000, parts: 6 },
    });
  } catch {
    throw new AppError(400, 'bad_request', 'The upload could not be read.');
  }
  const hash = createHash('sha256');
  let size = 0;
  let seen = false;
  let tooLarge = false;
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('file', (field, stream) => {
      if (field !== 'file' || seen) {
        stream.resume();
        return;
      }
      seen = true;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
      });
      stream.on('limit', () => {
        tooLarge = true;
      });
    });
    parser.on('close', () => resolve());
    parser.on('error', (error) => reject(error));
  });
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    await finished;
  } catch {
    throw new AppError(400, 'upload_incomplete', 'The upload was cut off before it ended. Please try again.');
  }
  if (!seen) {
    throw new AppError(422, 'invalid_fields', 'Please choose a PDF to check.', {
      file: 'Please choose a PDF to check.',
    });
  }
  if (tooLarge) {
    const message = `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; a PDF we issued is far smaller.`;
    throw new AppError(413, 'file_too_large', message, { file: message });
  }
  return { sha256: hash.digest('hex'), size };
}
