/**
 * What the portal and the dashboard say about file limits (docs/product.md#files), shared by the
 * server's refusals and the browser's checks before an upload starts, so both say the same.
 */
import { formatBytes } from './bytes.ts';

/** 'The file is larger than 25 MB.' for UPLOAD_MAX_BYTES `maxBytes`. */
export function fileTooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${formatBytes(maxBytes)}.`;
}

/** The refusal of an upload that would take a client's files over its quota `quotaBytes`. */
export function storageFullMessage(quotaBytes: number): string {
  return `This upload would go over the ${formatBytes(quotaBytes)} of storage for this client. Delete files you no longer need, or ask us for more room.`;
}

/** The media types shown inline as pictures (docs/product.md#files); every other type is a download. */
export const PREVIEW_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
];
