/**
 * The environment's settings of sign-in (docs/product.md#settings, docs/product.md#roles): Google
 * sign-in and its OpenID endpoints, the staff allowed into /admin, the blog editor's password, how
 * long emailed sign-in links work, whether staff must use two-step verification and whether
 * clients may register themselves.
 */
import { z } from 'zod';
import { booleanFlag, optionalString } from './fields.ts';

export const authEnv = {
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
  /**
   * How long a sign-in link in a client email works, in hours (docs/product.md#sign-in-security):
   * 72 by default, as the links of other client portals (3 days).
   */
  MAGIC_LINK_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(1, { error: 'must be at least 1 hour' })
    .max(24 * 30, { error: 'must be at most 720 hours' })
    .default(72),
  /** Staff must set up two-step verification before using the dashboard (docs/product.md#sign-in-security). */
  STAFF_REQUIRE_2FA: booleanFlag,
  /**
   * Whether anyone may create a portal account (docs/product.md#portal-sign-in): true unless set to
   * `false` or `0`; when off, registration answers 403 and the sign-in screen offers no 'Create one'.
   */
  CLIENT_SELF_REGISTRATION: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
};
