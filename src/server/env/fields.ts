/**
 * The kinds of value the environment's settings share (env.ts): optional URLs and strings, where
 * an empty value counts as unset, lists of emails, and boolean flags.
 */
import { z } from 'zod';

/** A URL, or unset when empty. */
export const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** A string, or unset when empty. */
export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * Comma-separated emails, or undefined when unset: an unset list falls back to another setting
 * (services/email/notification-routes.ts), while a list set but empty means nobody.
 */
export const optionalEmailList = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
  )
  .pipe(z.array(z.email()).optional());

/** `true` or `1` is true; anything else allowed (`false`, `0`, empty, unset) is false. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
