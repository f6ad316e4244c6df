/**
 * The environment's settings of the process and the site (docs/product.md#settings): mode,
 * address, database, public URL and time zone, proxy, logs, benchmark routes and analytics.
 */
import { z } from 'zod';
import { booleanFlag, optionalString, optionalUrl } from './fields.ts';

export const serverEnv = {
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
  TRUST_PROXY: booleanFlag,
  /** Log level of the process logger (docs/product.md#logs); `silent` for none. */
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /** Adds GET /api/bench/bare, a fixed JSON answer the API benchmark compares against. */
  BENCH_ROUTES: booleanFlag,
  PUBLIC_ANALYTICS_SCRIPT_URL: optionalUrl,
  PUBLIC_ANALYTICS_SITE_ID: optionalString,
};
