/**
 * The Privacy Policy and the retention job cannot disagree (docs/retention.md): the build writes
 * each retention period into the policy as `<span data-retention="RETENTION_…">n</span>`
 * (`fillRetention`, src/shared/retention-settings.ts); at start the server compares those with the periods it will
 * apply, and refuses to start on a difference (a build made with other settings).
 */
import { RETENTION_SETTINGS, type RetentionSetting } from '../shared/retention-settings.ts';

const SPAN = /<span data-retention="(RETENTION_[A-Z_]+)">(\d+)<\/span>/g;

/**
 * What is wrong between the built policy's `html` and `settings`: null when every period the
 * policy states equals the setting and every setting is stated, else a message naming the first
 * setting at fault and how to fix it.
 */
export function policyRetentionMismatch(html: string, settings: Record<RetentionSetting, number>): string | null {
  const stated = new Map<string, number>();
  for (const match of html.matchAll(SPAN)) stated.set(match[1]!, Number(match[2]));
  for (const name of RETENTION_SETTINGS) {
    const said = stated.get(name);
    if (said === undefined) {
      return `The built Privacy Policy does not state ${name}. Build again (npm run build) so it states every retention period.`;
    }
    if (said !== settings[name]) {
      return (
        `The built Privacy Policy states ${name}=${said}, but this server is set to ${settings[name]}. ` +
        'Build again (npm start does when a setting changes) so the policy and the retention job agree.'
      );
    }
  }
  return null;
}
