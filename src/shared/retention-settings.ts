/**
 * How long each kind of record is kept (docs/retention.md, docs/product.md#privacy): the settings,
 * their defaults and limits. The server's environment (env.ts) parses them for the daily retention
 * job and `npm run retention`; the build parses the same ones (`retentionSettings`) into the
 * Privacy Policy's text (`fillRetention`, src/components/pages/RetentionPeriods.astro), and the
 * server refuses to start when the built policy states other periods than it would apply
 * (server/policy-check.ts).
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

/** The names of the retention settings. */
export type RetentionSetting = keyof typeof retentionEnv;

/** Every retention setting's name. */
export const RETENTION_SETTINGS = Object.keys(retentionEnv) as RetentionSetting[];

/**
 * The retention settings of `env` (process.env, or any map of names to text), defaults filled in.
 * Throws a ZodError naming the setting when one is not a whole number within its limits.
 */
export function retentionSettings(env: Record<string, string | undefined>): Record<RetentionSetting, number> {
  return z.object(retentionEnv).parse(env);
}

const PLACEHOLDER = /\{\{(RETENTION_[A-Z_]+)\}\}/g;

/**
 * `html` with each `{{RETENTION_…}}` replaced by `<span data-retention="RETENTION_…">n</span>`,
 * n being that setting in `settings`. Throws on a name that is no retention setting, so a typo
 * stops the build instead of reaching the page.
 */
export function fillRetention(html: string, settings: Record<RetentionSetting, number>): string {
  return html.replace(PLACEHOLDER, (_whole, name: string) => {
    if (!(name in settings)) {
      throw new Error(`Unknown retention setting {{${name}}}; known: ${RETENTION_SETTINGS.join(', ')}`);
    }
    return `<span data-retention="${name}">${settings[name as RetentionSetting]}</span>`;
  });
}
