/**
 * What the server and `npm run db:restore -- --from-replica` tell Litestream
 * (docs/decisions/0039-continuous-backup-with-litestream.md): where its binary is, the
 * configuration file written for it, and where it keeps its own files beside the database.
 *
 * The binary is Litestream 0.3.13 from the `@flydotio/litestream` dependency, whose per-platform
 * package (`@flydotio/litestream-linux-x64`, …) sits beside it in node_modules; it is run
 * directly, not through that package's `index.js`, which waits on it with `spawnSync`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { basename, dirname, join } from 'node:path';
import { stringify } from 'yaml';
import type { ReplicaTarget } from '../env/replica-url.ts';

/**
 * How often Litestream reads new frames from the database's WAL (`monitor-interval`), and how
 * often at most it sends them to a folder replica (`sync-interval`): together about 0.5 s of
 * writes at risk when the machine dies (ADR 0039). Litestream's defaults are 1 s each.
 */
const MONITOR_INTERVAL = '250ms';
const FILE_SYNC_INTERVAL = '250ms';
/** An S3 replica keeps Litestream's 1 s: each sync is a PUT request, which the bucket bills. */
const S3_SYNC_INTERVAL = '1s';

/** Raised when the Litestream binary of this platform is not installed. */
export class LitestreamMissingError extends Error {
  constructor(path: string) {
    super(
      `Litestream is not installed for ${process.platform}-${process.arch} (looked for ${path}): run npm install, or unset LITESTREAM_REPLICA_URL`,
    );
    this.name = 'LitestreamMissingError';
  }
}

/**
 * The absolute path of the Litestream binary: `@flydotio/litestream-<platform>-<arch>/litestream`
 * beside `@flydotio/litestream`, found by Node's own module resolution (`import.meta.resolve`) from this file (so from
 * src/server/ops under tsx and from dist/server/entry.mjs once built alike).
 * @throws {LitestreamMissingError} when the package or its platform's binary is missing
 */
export function litestreamBinary(): string {
  let wrapper: string;
  try {
    wrapper = fileURLToPath(import.meta.resolve('@flydotio/litestream/package.json'));
  } catch {
    throw new LitestreamMissingError('node_modules/@flydotio/litestream');
  }
  const binary = join(dirname(wrapper), '..', `litestream-${process.platform}-${process.arch}`, 'litestream');
  if (!existsSync(binary)) throw new LitestreamMissingError(binary);
  return binary;
}

/**
 * Litestream's own folder beside the database (`<dir>/.<name>-litestream`): its generation and
 * the shadow copy of the WAL it has read and not yet sent.
 */
export function litestreamMetaDir(databasePath: string): string {
  return join(dirname(databasePath), `.${basename(databasePath)}-litestream`);
}

/** The configuration file the server writes for its Litestream, beside the database. */
export function litestreamConfigPath(databasePath: string): string {
  return join(dirname(databasePath), `.${basename(databasePath)}-litestream.yml`);
}

/** The replica entry of the configuration (Litestream 0.3 `replicas:` item). */
function replicaEntry(replica: ReplicaTarget): Record<string, unknown> {
  if (replica.kind === 'file') return { type: 'file', path: replica.dir, 'sync-interval': FILE_SYNC_INTERVAL };
  return {
    type: 's3',
    bucket: replica.bucket,
    path: replica.path,
    ...(replica.endpoint ? { endpoint: replica.endpoint } : {}),
    ...(replica.region ? { region: replica.region } : {}),
    ...(replica.forcePathStyle === undefined ? {} : { 'force-path-style': replica.forcePathStyle }),
    'sync-interval': S3_SYNC_INTERVAL,
  };
}

/**
 * The YAML configuration of Litestream for the database file `databasePath` (absolute) and
 * `replica`: JSON log lines on standard error at `logLevel`, and, with `metricsAddress`
 * (`127.0.0.1:PORT`), its Prometheus metrics there. Holds no secret: S3 keys stay in the
 * environment Litestream inherits.
 */
export function litestreamConfig({
  databasePath,
  replica,
  metricsAddress,
  logLevel = 'warn',
}: {
  databasePath: string;
  replica: ReplicaTarget;
  metricsAddress?: string;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
}): string {
  return stringify({
    ...(metricsAddress ? { addr: metricsAddress } : {}),
    logging: { level: logLevel, type: 'json', stderr: true },
    dbs: [{ path: databasePath, 'monitor-interval': MONITOR_INTERVAL, replicas: [replicaEntry(replica)] }],
  });
}
