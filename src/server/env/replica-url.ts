/**
 * LITESTREAM_REPLICA_URL (docs/product.md#settings, docs/decisions/0039-continuous-backup-with-litestream.md):
 * where Litestream copies the embedded database, read into a `ReplicaTarget`.
 *
 * - A folder: a path (`/mnt/offsite/app`, `db/replica`, resolved against the working folder) or
 *   a `file:///…` URL.
 * - An S3-compatible bucket: `s3://bucket/path`, with optional query parameters for what Litestream
 *   0.3's URL cannot say itself: `endpoint` (an S3-compatible service's address, e.g.
 *   `https://minio.example.com:9000`), `region` and `force-path-style` (`true`/`false`). The keys
 *   come from the environment Litestream inherits (LITESTREAM_ACCESS_KEY_ID and
 *   LITESTREAM_SECRET_ACCESS_KEY, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), never from the
 *   URL.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A replica as the server and `npm run db:restore -- --from-replica` use it. */
export type ReplicaTarget =
  | {
      kind: 'file';
      /** The setting as given (for messages). */
      url: string;
      /** The replica folder, absolute. */
      dir: string;
    }
  | {
      kind: 's3';
      url: string;
      bucket: string;
      /** The key prefix inside the bucket, without leading or trailing `/` (may be empty). */
      path: string;
      endpoint?: string;
      region?: string;
      forcePathStyle?: boolean;
    };

/** The query parameters an `s3://` replica URL may carry. */
const S3_PARAMETERS = new Set(['endpoint', 'region', 'force-path-style']);

/**
 * Reads a LITESTREAM_REPLICA_URL value (trimmed, not empty).
 * @returns the replica target
 * @throws {Error} with a message saying what is wrong: a scheme other than `s3://` or `file://`,
 *   an `s3://` URL without a bucket, an unknown query parameter, a `force-path-style` other than
 *   `true` or `false`
 */
export function parseReplicaUrl(value: string): ReplicaTarget {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return { kind: 'file', url: value, dir: resolve(value) };
  if (scheme === 'file') return { kind: 'file', url: value, dir: fileURLToPath(value) };
  if (scheme !== 's3') throw new Error('must be a folder path or an s3:// URL (s3://bucket/path)');
  const url = new URL(value);
  if (url.hostname === '') throw new Error('names no bucket: use s3://bucket/path');
  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMETERS.has(name)) {
      throw new Error(`has an unknown parameter "${name}" (endpoint, region and force-path-style are known)`);
    }
  }
  const pathStyle = url.searchParams.get('force-path-style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error('force-path-style must be true or false');
  }
  return {
    kind: 's3',
    url: value,
    bucket: url.hostname,
    path: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint: url.searchParams.get('endpoint') ?? undefined,
    region: url.searchParams.get('region') ?? undefined,
    forcePathStyle: pathStyle === null ? undefined : pathStyle === 'true',
  };
}
