/**
 * The environment's settings of operations (docs/product.md#settings): scheduled backups
 * (docs/product.md#backups), the drain before stopping (docs/product.md#restarts) and the
 * scheduled jobs' lease.
 */
import { z } from 'zod';
import { optionalString } from './fields.ts';

export const operationsEnv = {
  /**
   * Folder of the scheduled backups of an embedded database (docs/product.md#backups); unset or
   * empty: no scheduled backups.
   */
  BACKUP_DIR: optionalString,
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
