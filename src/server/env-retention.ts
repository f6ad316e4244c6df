/**
 * How long each kind of record is kept (docs/retention.md, docs/product.md#privacy). The daily
 * retention job and `npm run retention` read these; the Privacy Policy states them.
 */
import { z } from 'zod';

const whole = (unit: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int({ error: `must be a whole number of ${unit}` })
    .min(1, { error: `must be at least 1` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

export const retentionEnv = {
  /** Months after a lead's last activity before a lead never converted is anonymised. */
  RETENTION_LEAD_MONTHS: whole('months', 24, 120),
  /** Months after a visitor's chat's last message before the chat is deleted. */
  RETENTION_CHAT_MONTHS: whole('months', 12, 120),
  /** Days request logs are kept (by whatever keeps the server's output: the app writes none to disk). */
  RETENTION_LOG_DAYS: whole('days', 90, 3650),
  /** Days a scheduled backup is kept, beside BACKUP_KEEP (the stricter of the two wins). */
  RETENTION_BACKUP_DAYS: whole('days', 35, 3650),
  /** Years a project is kept after its client stopped being active (deactivated or erased). */
  RETENTION_YEARS_PROJECTS: whole('years', 7, 30),
};
