/**
 * The server's environment, parsed once with zod (docs/product.md#settings).
 *
 * `loadEnv()` returns the typed settings or throws `EnvError`, whose message names every
 * bad variable; the server entry prints it and exits before listening. Defaults are those of
 * docs/product.md#settings, e.g. PORT 4321, DATABASE_URL `file:db/data/app.db`.
 */
import { z } from 'zod';
import { parseChatHours } from './services/chat-hours.ts';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const emailList = z
  .string()
  .trim()
  .default('hello@firststatewebstudio.com')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().trim().min(1).default('localhost'),
  DATABASE_URL: z
    .string()
    .trim()
    .default('file:db/data/app.db')
    .refine((v) => /^(file:|libsql:|https?:|wss?:)/.test(v), {
      message: 'must start with file:, libsql:, http(s): or ws(s):',
    }),
  DATABASE_AUTH_TOKEN: optionalString,
  SITE_URL: z.url().default('http://localhost:4321'),
  /** The agency's time zone, in which emails show times (docs/product.md#settings): an IANA name. */
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default('America/New_York')
    .refine((v) => v === 'UTC' || Intl.supportedValuesOf('timeZone').includes(v), {
      message: 'must be an IANA time zone such as America/New_York',
    }),
  SMTP_URL: optionalUrl,
  LEADS_NOTIFY_TO: emailList,
  /**
   * Who hears about clients' messages (docs/product.md#notifications): comma-separated emails;
   * when unset, every address in ADMIN_EMAILS.
   */
  TEAM_NOTIFY_TO: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  /**
   * Seconds a message waits before its email goes out; read by then, no email (docs/product.md#notifications).
   * Messages of one conversation within that window share one email.
   */
  NOTIFY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Seconds a worker holds an email it is sending before another may take it again. */
  NOTIFY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MAIL_FROM: z.string().trim().min(3).default('First State Web Studio <no-reply@firststatewebstudio.com>'),
  FORM_FORWARD_URL: optionalUrl,
  OUTBOX_DIR: z.string().trim().min(1).default('db/outbox'),
  TRUST_PROXY: booleanFlag,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Staff allowed into /admin: comma-separated emails, compared without case (docs/product.md#roles). */
  ADMIN_EMAILS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  /** OpenID provider endpoints; Google's by default, overridable for tests or another provider. */
  OIDC_AUTHORIZATION_ENDPOINT: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  OIDC_TOKEN_ENDPOINT: z.url().default('https://oauth2.googleapis.com/token'),
  OIDC_JWKS_URI: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  OIDC_ISSUER: z.string().trim().min(1).default('https://accounts.google.com'),
  /**
   * The blog editor's shared password (docs/product.md#blog-editor); without it /blog-admin says
   * the editor is disabled.
   */
  BLOG_ADMIN_PASSWORD: optionalString,
  /** Leads' website audits per client address per 10 minutes (docs/product.md#limits). */
  AUDIT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Tests only: lets the audit fetch loopback addresses (fixture sites on 127.0.0.1). Refused
   * unless NODE_ENV is 'test', so a production server can never be pointed at itself.
   */
  AUDIT_ALLOW_LOOPBACK: booleanFlag,
  /** Adds GET /api/bench/bare, a fixed JSON answer the API benchmark compares against. */
  BENCH_ROUTES: booleanFlag,
  /** Leads accepted per client address per 10 minutes (docs/product.md#limits). */
  LEAD_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * Sign-in, registration and reset attempts per address, and per email, per 15 minutes
   * (docs/product.md#limits).
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Log level of the process logger (docs/product.md#logs); `silent` for none. */
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
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
   * `DEFAULT_SHUTDOWN_DRAIN_MS`, or 0 when NODE_ENV is `test`.
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
  /**
   * When live chat is offered, in SITE_TIME_ZONE (docs/product.md#live-chat): entries such as
   * `Mon-Fri 09:00-17:30; Sat 10:00-14:00`; empty: any time someone is online.
   */
  CHAT_HOURS: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseChatHours(v);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** New live chats per address, and per visitor, per hour (docs/product.md#limits). */
  CHAT_CONVERSATIONS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Live-chat messages per address, and per visitor, per minute (docs/product.md#limits). */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Minutes a chat may wait for a first answer before the team is emailed about it, once per wait
   * (docs/product.md#live-chat): an integer 1–1,440.
   */
  CHAT_ESCALATE_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(1, { error: 'must be at least 1 minute' })
    .max(1440, { error: 'must be at most 1440 minutes' })
    .default(3),
  /** Where uploaded files go (docs/product.md#files): `fs`, the folder UPLOADS_DIR, or `s3`, a bucket. */
  STORAGE_DRIVER: z.enum(['fs', 's3'], { error: 'must be fs or s3' }).default('fs'),
  /** The folder of uploaded files when STORAGE_DRIVER is fs. */
  UPLOADS_DIR: z.string().trim().min(1).default('db/uploads'),
  /** The S3-compatible bucket when STORAGE_DRIVER is s3, with its region, endpoint and keys. */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** An S3-compatible service's address (MinIO, R2…); unset for Amazon S3. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** The largest file accepted, in bytes (docs/product.md#files): 25 MB. */
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be at least 1024 bytes' })
    .default(25 * 1024 * 1024),
  /** The bytes of files a client's projects may hold together (docs/product.md#files): 1 GB. */
  CLIENT_STORAGE_QUOTA_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be at least 1024 bytes' })
    .default(1024 ** 3),
  PUBLIC_ANALYTICS_SCRIPT_URL: optionalUrl,
  PUBLIC_ANALYTICS_SITE_ID: optionalString,
});

/**
 * How long a stopping server goes on serving by default, in milliseconds (docs/product.md#settings):
 * time for a load balancer, which checks readiness every second or two, to see the 503 and send
 * new requests elsewhere.
 */
const DEFAULT_SHUTDOWN_DRAIN_MS = 2000;

const checkedEnvSchema = envSchema
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE_DRIVER is s3' });
      }
    }
    if (env.AUDIT_ALLOW_LOOPBACK && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['AUDIT_ALLOW_LOOPBACK'],
        message: 'is for tests only (needs NODE_ENV=test)',
      });
    }
  })
  .transform((env) => ({
    ...env,
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'test' ? 0 : DEFAULT_SHUTDOWN_DRAIN_MS),
  }));

export type Env = z.output<typeof checkedEnvSchema>;

/** Raised when one or more variables are invalid; `message` lists `NAME: problem` lines. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses a variables record (default: process.env). Throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = checkedEnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return result.data;
}

let cached: Env | undefined;

/** The process environment, parsed on first call and cached for the life of the process. */
export function loadEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** True when the site is served over HTTPS (cookies get Secure, responses get HSTS). */
export function isHttpsSite(env: Pick<Env, 'SITE_URL'>): boolean {
  return new URL(env.SITE_URL).protocol === 'https:';
}
