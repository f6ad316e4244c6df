/**
 * Where uploaded files' bytes live (docs/product.md#files; docs/decisions/0030-files-and-approvals.md):
 * one interface over flydrive's `Disk`, with the local disk (`UPLOADS_DIR`) as the embedded
 * default and an S3-compatible bucket when `STORAGE_DRIVER=s3`.
 *
 * Keys are random and flat (`ab/abcdef…`, two characters of fan-out), never an uploaded name, so a
 * name can hold no path. Reads stream; a byte range is read by skipping to its start and stopping
 * at its end, which works the same on every driver.
 */
import { PassThrough, Transform, type Readable } from 'node:stream';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import type { Env } from '../env/index.ts';

/** What the rest of the server uses of the storage. */
export interface FileStorage {
  /**
   * Writes `contents` under `key`, streaming. Rejects with what the driver rejects, or with the
   * error of `contents`; then nothing stays under `key`, not even an empty file.
   */
  put(key: string, contents: Readable): Promise<void>;
  /**
   * The bytes under `key`, or those of `range` (inclusive offsets, as HTTP's Range counts them).
   * Rejects when the key is missing.
   */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Deletes `key`; a missing key is no error. */
  delete(key: string): Promise<void>;
  /** Whether `key` exists. */
  exists(key: string): Promise<boolean>;
  /** Every key in the storage (the orphan sweep compares them with the database). */
  keys(): AsyncIterable<string>;
  /** When `key` was last written. Rejects when it is missing. */
  modifiedAt(key: string): Promise<Date>;
}

/** A new random storage key: 128 bits in hex, under a two-character folder. */
export function newStorageKey(): string {
  const hex = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
}

/** A stream of `source`'s bytes from `start` to `end` (inclusive). */
function byteRange(source: Readable, start: number, end: number): Readable {
  let position = 0;
  const slicer = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, start - position);
      const to = Math.min(chunk.length, end + 1 - position);
      position += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (position > end) {
        this.push(null);
        source.destroy();
      }
      done();
    },
  });
  source.on('error', (error) => slicer.destroy(error));
  return source.pipe(slicer);
}

/** The storage over a flydrive `disk`. */
function diskStorage(disk: Disk): FileStorage {
  return {
    async put(key, contents) {
      // flydrive rejects at the first error of `contents` while its write may still be opening
      // the file, which then appears after any delete. The driver gets a stream that ends
      // instead; once its write has settled, a failed source's bytes are deleted.
      const relay = new PassThrough();
      let failure: unknown = null;
      contents.on('error', (error) => {
        failure ??= error;
        relay.end();
      });
      contents.pipe(relay);
      try {
        await disk.putStream(key, relay);
      } catch (error) {
        failure ??= error;
      }
      if (failure !== null) {
        await disk.delete(key).catch(() => undefined);
        throw failure;
      }
    },
    async read(key, range) {
      const stream = await disk.getStream(key);
      return range ? byteRange(stream, range.start, range.end) : stream;
    },
    delete: (key) => disk.delete(key),
    exists: (key) => disk.exists(key),
    modifiedAt: async (key) => (await disk.getMetaData(key)).lastModified,
    async *keys() {
      let paginationToken: string | undefined;
      do {
        const page = await disk.listAll('', { recursive: true, paginationToken });
        for (const item of page.objects) if (item.isFile) yield item.key;
        paginationToken = page.paginationToken;
      } while (paginationToken);
    },
  };
}

/**
 * The storage the settings choose: the local folder `UPLOADS_DIR`, or the S3-compatible bucket
 * of `S3_*` when `STORAGE_DRIVER` is `s3` (its SDK is loaded only then).
 */
export async function createStorage(
  env: Pick<
    Env,
    | 'STORAGE_DRIVER'
    | 'UPLOADS_DIR'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
): Promise<FileStorage> {
  if (env.STORAGE_DRIVER === 's3') {
    const { S3Driver } = await import('flydrive/drivers/s3');
    return diskStorage(
      new Disk(
        new S3Driver({
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: Boolean(env.S3_ENDPOINT),
          credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
          visibility: 'private',
          supportsACL: false,
        }),
      ),
    );
  }
  return diskStorage(new Disk(new FSDriver({ location: env.UPLOADS_DIR, visibility: 'private' })));
}
