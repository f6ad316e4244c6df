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

  it('reads LITESTREAM_REPLICA_URL as a folder or an s3:// URL, unset when empty', () => {
    expect(parseEnv({}).LITESTREAM_REPLICA_URL).toBeUndefined();
    expect(parseEnv({ LITESTREAM_REPLICA_URL: ' ' }).LITESTREAM_REPLICA_URL).toBeUndefined();
    expect(parseEnv({ LITESTREAM_REPLICA_URL: '/mnt/offsite/app' }).LITESTREAM_REPLICA_URL).toEqual({
      kind: 'file',
      url: '/mnt/offsite/app',
      dir: '/mnt/offsite/app',
    });
    expect(parseEnv({ LITESTREAM_REPLICA_URL: 'file:///mnt/offsite/app' }).LITESTREAM_REPLICA_URL).toMatchObject({
      kind: 'file',
      dir: '/mnt/offsite/app',
    });
    expect(parseEnv({ LITESTREAM_REPLICA_URL: 's3://agency-backups/site/db' }).LITESTREAM_REPLICA_URL).toEqual({
      kind: 's3',
      url: 's3://agency-backups/site/db',
      bucket: 'agency-backups',
      path: 'site/db',
      endpoint: undefined,
      region: undefined,
      forcePathStyle: undefined,
    });
    const minio = 's3://backups/app?endpoint=http://127.0.0.1:9000&region=us-east-1&force-path-style=true';
    expect(parseEnv({ LITESTREAM_REPLICA_URL: minio }).LITESTREAM_REPLICA_URL).toMatchObject({
      bucket: 'backups',
      path: 'app',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  it('refuses a replica URL it cannot use, naming the variable', () => {
    expect(() => parseEnv({ LITESTREAM_REPLICA_URL: 'gs://bucket/db' })).toThrow(
      'LITESTREAM_REPLICA_URL: must be a folder path or an s3:// URL (s3://bucket/path)',
    );
    expect(() => parseEnv({ LITESTREAM_REPLICA_URL: 's3:///db' })).toThrow(
      'LITESTREAM_REPLICA_URL: names no bucket: use s3://bucket/path',
    );
    expect(() => parseEnv({ LITESTREAM_REPLICA_URL: 's3://b/db?secret=x' })).toThrow(
      'LITESTREAM_REPLICA_URL: has an unknown parameter "secret"',
    );
    expect(() => parseEnv({ LITESTREAM_REPLICA_URL: 's3://b/db?force-path-style=yes' })).toThrow(
      'LITESTREAM_REPLICA_URL: force-path-style must be true or false',
    );
  });

  it('refuses LITESTREAM_REPLICA_URL beside a libSQL server or an in-memory database', () => {
    for (const DATABASE_URL of ['libsql://db.example.com', 'http://127.0.0.1:8080', 'file::memory:']) {
      expect(() => parseEnv({ DATABASE_URL, LITESTREAM_REPLICA_URL: '/mnt/offsite/app' })).toThrow(
        "LITESTREAM_REPLICA_URL: needs an embedded database file (DATABASE_URL=file:…): a libSQL server is backed up with that server's own tools",
      );
    }
    expect(parseEnv({ DATABASE_URL: 'libsql://db.example.com' }).LITESTREAM_REPLICA_URL).toBeUndefined();
  });

  it('reads the email-reply settings: off by default, strict with the SMTP listener, and refuses half a setup', () => {
    const off = parseEnv({});
    expect(off).toMatchObject({ INBOUND_VERIFY: 'sender', INBOUND_MAX_BYTES: 31_457_280 });
    expect(off.INBOUND_DOMAIN).toBeUndefined();
    expect(off.INBOUND_SMTP_PORT).toBeUndefined();
    const listening = parseEnv({ INBOUND_DOMAIN: 'Reply.Example.com', INBOUND_SMTP_PORT: '2525' });
    expect(listening).toMatchObject({
      INBOUND_DOMAIN: 'reply.example.com',
      INBOUND_SMTP_PORT: 2525,
      INBOUND_VERIFY: 'strict',
    });
    expect(
      parseEnv({ INBOUND_DOMAIN: 'reply.example.com', INBOUND_SMTP_PORT: '25', INBOUND_VERIFY: 'sender' })
        .INBOUND_VERIFY,
    ).toBe('sender');
    expect(() => parseEnv({ INBOUND_SMTP_PORT: '25' })).toThrow(/INBOUND_DOMAIN: is required to receive replies/);
    expect(() => parseEnv({ INBOUND_DOMAIN: 'reply.example.com', INBOUND_SECRET: 'short' })).toThrow(/INBOUND_SECRET/);
    expect(() => parseEnv({ INBOUND_DOMAIN: 'not a domain' })).toThrow(/INBOUND_DOMAIN/);
    expect(() => parseEnv({ INBOUND_DOMAIN: 'reply.example.com', INBOUND_TLS_CERT_FILE: '/x.pem' })).toThrow(
      /INBOUND_TLS_KEY_FILE/,
    );
  });
});
