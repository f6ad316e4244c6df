import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './index.ts';

describe('parseEnv', () => {
  it('applies the documented defaults (docs/product.md#settings)', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(4321);
    expect(env.DATABASE_URL).toBe('file:db/data/app.db');
    expect(env.SMTP_URL).toBeUndefined();
    // Unset: the leads follow the team's inbox (docs/product.md#notification-routes), no built-in address.
    expect(env.LEADS_NOTIFY_TO).toBeUndefined();
    expect(parseEnv({ LEADS_NOTIFY_TO: '' }).LEADS_NOTIFY_TO).toEqual([]);
  });

  it('names each bad variable', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', SITE_URL: 'not a url', LEADS_NOTIFY_TO: 'a@b.co, nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toContain('PORT:');
    expect(message).toContain('SITE_URL:');
    expect(message).toContain('LEADS_NOTIFY_TO.1:');
  });

  it('refuses a database URL with an unknown scheme', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/);
  });

  it('treats empty optional URLs as unset and splits the notify list', () => {
    const env = parseEnv({ SMTP_URL: '', FORM_FORWARD_URL: ' ', LEADS_NOTIFY_TO: 'a@b.co, c@d.co' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.FORM_FORWARD_URL).toBeUndefined();
    expect(env.LEADS_NOTIFY_TO).toEqual(['a@b.co', 'c@d.co']);
  });

  it('takes an IANA time zone for emails, America/New_York unless SITE_TIME_ZONE says otherwise', () => {
    expect(parseEnv({}).SITE_TIME_ZONE).toBe('America/New_York');
    expect(parseEnv({ SITE_TIME_ZONE: 'Europe/Lisbon' }).SITE_TIME_ZONE).toBe('Europe/Lisbon');
    expect(() => parseEnv({ SITE_TIME_ZONE: 'Eastern' })).toThrow(
      'SITE_TIME_ZONE: must be an IANA time zone such as America/New_York',
    );
  });

  it('keeps serving 2,000 ms after a stop signal by default, 0 ms under tests, or as SHUTDOWN_DRAIN_MS says', () => {
    expect(parseEnv({}).SHUTDOWN_DRAIN_MS).toBe(2000);
    expect(parseEnv({ NODE_ENV: 'test' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(parseEnv({ NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: '2000' }).SHUTDOWN_DRAIN_MS).toBe(2000);
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(() => parseEnv({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(
      'SHUTDOWN_DRAIN_MS: must be a whole number of milliseconds',
    );
    expect(() => parseEnv({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow('SHUTDOWN_DRAIN_MS: must be 0 or more milliseconds');
  });
});
