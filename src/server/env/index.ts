/**
 * The server's environment, parsed once with zod (docs/product.md#settings).
 *
 * `loadEnv()` returns the typed settings or throws `EnvError`, whose message names every
 * bad variable; the server entry prints it and exits before listening. Defaults are those of
 * docs/product.md#settings, e.g. PORT 4321, DATABASE_URL `file:db/data/app.db`.
 */
import { z } from 'zod';
import { authEnv } from './auth.ts';
import { billingEnv } from './billing.ts';
import { bookingsEnv } from './bookings.ts';
import { chatEnv } from './chat.ts';
import { limitsEnv } from './limits.ts';
import { mailEnv } from './mail.ts';
import { inboundEnv } from './inbound.ts';
import { operationsEnv } from './operations.ts';
import { serverEnv } from './server.ts';
import { storageEnv } from './storage.ts';
import { retentionEnv } from '../../shared/retention-settings.ts';

/** Every setting, by group (env-*.ts). */
const envSchema = z.object({
  ...serverEnv,
  ...mailEnv,
  ...authEnv,
  ...limitsEnv,
  ...operationsEnv,
  ...chatEnv,
  ...storageEnv,
  ...retentionEnv,
  ...billingEnv,
  ...inboundEnv,
  ...bookingsEnv,
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
    const embedded = env.DATABASE_URL.startsWith('file:') && !env.DATABASE_URL.includes(':memory:');
    if (env.LITESTREAM_REPLICA_URL && !embedded) {
      ctx.addIssue({
        code: 'custom',
        path: ['LITESTREAM_REPLICA_URL'],
        message:
          "needs an embedded database file (DATABASE_URL=file:…): a libSQL server is backed up with that server's own tools",
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with the other Stripe key: set both to take payments online, or neither',
      });
    }
    if (env.STRIPE_API_BASE && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_BASE'], message: 'is for tests only (needs NODE_ENV=test)' });
    }
    if (Boolean(env.INBOUND_TLS_CERT_FILE) !== Boolean(env.INBOUND_TLS_KEY_FILE)) {
      const missing = env.INBOUND_TLS_CERT_FILE ? 'INBOUND_TLS_KEY_FILE' : 'INBOUND_TLS_CERT_FILE';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with the other TLS file: set both, or neither',
      });
    }
    if ((env.INBOUND_SMTP_PORT !== undefined || env.INBOUND_SECRET) && !env.INBOUND_DOMAIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['INBOUND_DOMAIN'],
        message: 'is required to receive replies (the domain of reply+…@ addresses)',
      });
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
    INBOUND_VERIFY: env.INBOUND_VERIFY ?? (env.INBOUND_SMTP_PORT === undefined ? 'sender' : 'strict'),
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
