/**
 * The environment's settings of sign-in (docs/product.md#settings, docs/product.md#roles): Google
 * sign-in and its OpenID endpoints, the staff allowed into /admin, and the blog editor's password.
 */
import { z } from 'zod';
import { optionalString } from './env-fields.ts';

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
};
