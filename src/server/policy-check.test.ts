import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillRetention, RETENTION_SETTINGS, retentionSettings } from '../shared/retention-settings.ts';
import { policyRetentionMismatch } from './policy-check.ts';

const defaults = retentionSettings({});
const policy = readFileSync(new URL('../content/legal/privacy-policy.md', import.meta.url), 'utf8');
const retentionDoc = readFileSync(new URL('../../docs/retention.md', import.meta.url), 'utf8');

/** The page the build would make of `settings`: each period as its span. */
const built = (settings: Record<string, number>) =>
  Object.entries(settings)
    .map(([name, value]) => `<li>kept <span data-retention="${name}">${value}</span> long</li>`)
    .join('\n');

describe('the Privacy Policy and the retention settings', () => {
  it('states every retention period from the settings, and names its processors and the ways to ask', () => {
    for (const name of RETENTION_SETTINGS) expect(policy, name).toContain(`{{${name}}}`);
    expect(policy).toMatch(/email delivery provider/);
    expect(policy).toMatch(/analytics provider/);
    expect(policy).toContain('Download my data');
    expect(policy).toMatch(/erase/);
  });

  it('has the same defaults as docs/retention.md', () => {
    expect(defaults).toEqual({
      RETENTION_LEAD_MONTHS: 24,
      RETENTION_CHAT_MONTHS: 12,
      RETENTION_LOG_DAYS: 90,
      RETENTION_BACKUP_DAYS: 35,
      RETENTION_YEARS_PROJECTS: 7,
    });
    expect(retentionDoc).toContain(`${defaults.RETENTION_LEAD_MONTHS} months after its last activity`);
    expect(retentionDoc).toContain(`${defaults.RETENTION_CHAT_MONTHS} months after its last message`);
    expect(retentionDoc).toContain(`then ${defaults.RETENTION_YEARS_PROJECTS} years after`);
    expect(retentionDoc).toContain(`| ${defaults.RETENTION_LOG_DAYS} days`);
    expect(retentionDoc).toContain(`| ${defaults.RETENTION_BACKUP_DAYS} days,`);
  });

  it('the build writes the configured period in place of each placeholder', () => {
    const settings = retentionSettings({ RETENTION_LEAD_MONTHS: '6' });
    expect(
      fillRetention('<li>Leads: {{RETENTION_LEAD_MONTHS}} months, chats {{RETENTION_CHAT_MONTHS}}.</li>', settings),
    ).toBe(
      '<li>Leads: <span data-retention="RETENTION_LEAD_MONTHS">6</span> months, chats ' +
        '<span data-retention="RETENTION_CHAT_MONTHS">12</span>.</li>',
    );
    expect(() => fillRetention('{{RETENTION_FOREVER}}', settings)).toThrow(
      /Unknown retention setting \{\{RETENTION_FOREVER\}\}/,
    );
    expect(() => retentionSettings({ RETENTION_LOG_DAYS: 'ninety' })).toThrow(/RETENTION_LOG_DAYS/);
  });

  it('lets the server start only when the built policy states the periods it applies', () => {
    expect(policyRetentionMismatch(built(defaults), defaults)).toBeNull();
    expect(policyRetentionMismatch(built(defaults), { ...defaults, RETENTION_LEAD_MONTHS: 12 })).toBe(
      'The built Privacy Policy states RETENTION_LEAD_MONTHS=24, but this server is set to 12. ' +
        'Build again (npm start does when a setting changes) so the policy and the retention job agree.',
    );
    const { RETENTION_LOG_DAYS: _left, ...fewer } = defaults;
    expect(policyRetentionMismatch(built(fewer), defaults)).toMatch(/does not state RETENTION_LOG_DAYS/);
  });
});
