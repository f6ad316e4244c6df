/**
 * File sizes as the site shows them (docs/product.md#formats): binary multiples written KB, MB
 * and GB as file managers show them, at most one decimal: 1536 → '1.5 KB', 26214400 → '25 MB'.
 * The limits (UPLOAD_MAX_BYTES, CLIENT_STORAGE_QUOTA_BYTES) are binary multiples too.
 */
import prettyBytes from 'pretty-bytes';

/** Bytes → '1.5 KB', '25 MB', '1 GB'; 0 → '0 B'. */
export function formatBytes(bytes: number): string {
  return prettyBytes(bytes, { binary: true, maximumFractionDigits: 1 }).replace('iB', 'B');
}
