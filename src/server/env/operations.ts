/**
 * The environment's settings of operations (docs/product.md#settings): scheduled backups
 * (docs/product.md#backups), continuous replication with Litestream, the drain before stopping
 * (docs/product.md#restarts) and the scheduled jobs' lease.
 */
import { z } from 'zod';
import { optionalString } from './fields.ts';
import { parseReplicaUrl } from './replica-url.ts';

export const operationsEnv = {
  /**
   * Folder of the scheduled backups of an embedded database (docs/product.md#backups); unset or
   * empty: no scheduled backups.
   */
  BACKUP_DIR: optionalString,
  /**
   * Where Litestream continuously copies the embedded database (docs/product.md#backups,
   * docs/decisions/0039-continuous-backup-with-litestream.md): a folder path or an
   * `s3://bucket/path` URL (env/replica-url.ts); unset or empty: no replication. Refused with a
   * libSQL server URL (env/index.ts).
   */
  LITESTREAM_REPLICA_URL: optionalString.transform((v, ctx) => {
    if (v === undefined) return undefined;
    try {
      return parseReplicaUrl(v);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** Hours between scheduled backups, a positive number (docs/product.md#backups). */
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive({ error: 'must be a positive number of hours' })
    .default(24),
  /** How many scheduled backups to keep, an integer ≥ 1; older ones are deleted (docs/product.md#backups). */
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number of backups' })
    .int({ error: 'must be a whole number of backups' })
    .min(1, { error: 'must keep at least 1 backup' })
    .default(7),
  /**
   * Milliseconds the server goes on serving after SIGTERM or SIGINT, while readiness answers 503,
   * before it stops accepting connections (docs/product.md#restarts): an integer 0–60,000. Unset:
   * env.ts `DEFAULT_SHUTDOWN_DRAIN_MS`, or 0 when NODE_ENV is `test`.
   */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must be 0 or more milliseconds' })
    .max(60_000, { error: 'must be at most 60000 milliseconds' })
    .optional(),
  /**
   * Milliseconds a server process holds the scheduled jobs' lease without renewing it; another
   * process takes the jobs over within this time after the holder dies (docs/product.md#settings,
   * docs/decisions/0024-event-log-and-leases.md): an integer 1,000–600,000.
   */
  JOB_LEASE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(1000, { error: 'must be at least 1000 milliseconds' })
    .max(600_000, { error: 'must be at most 600000 milliseconds' })
    .default(30_000),
};
