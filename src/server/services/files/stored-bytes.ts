/**
 * A file that arrives whole rather than as an upload (an email reply's attachment,
 * docs/product.md#email-replies), stored with the same checks as an upload
 * (services/files/uploads.ts): its size, its type from its first bytes, and an image's pixels.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTooLargeMessage } from '../../../shared/files.ts';
import { AppError } from '../../errors.ts';
import { newStorageKey, type FileStorage } from '../../storage/storage.ts';
import {
  ACCEPTED_TYPES,
  checkImage,
  cleanFileName,
  detectType,
  TYPE_REFUSED_MESSAGE,
  type ReceivedUpload,
} from './uploads.ts';

/** Bytes of the file's start that the type is detected from (as for uploads). */
const HEAD_BYTES = 4100;

/**
 * Stores `bytes` under a new key of `storage` as the file `name`.
 * @param maxBytes the largest file accepted (UPLOAD_MAX_BYTES)
 * @returns the stored file, as receiveUpload returns an upload (no fields)
 * @throws {AppError} 413 `file_too_large`, 415 `file_type_refused` or 422 `image_too_large`;
 *   nothing is left in the storage then
 */
export async function storeFileBytes(
  storage: FileStorage,
  bytes: Uint8Array,
  name: string | undefined,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (bytes.byteLength > maxBytes) {
    const message = fileTooLargeMessage(maxBytes);
    throw new AppError(413, 'file_too_large', message, { file: message });
  }
  const type = await detectType(bytes.subarray(0, HEAD_BYTES));
  if (!type || !ACCEPTED_TYPES.has(type)) {
    throw new AppError(415, 'file_type_refused', TYPE_REFUSED_MESSAGE, { file: TYPE_REFUSED_MESSAGE });
  }
  const key = newStorageKey();
  await storage.put(key, Readable.from([Buffer.from(bytes)]));
  if (type.startsWith('image/')) {
    try {
      await checkImage(storage, key);
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { key, name: cleanFileName(name), size: bytes.byteLength, type, sha256, fields: {} };
}
