/**
 * The blog editor's gate (docs/product.md#blog-editor), checked on the server, never in the
 * browser:
 *
 * - GET /status → {configured, unlocked}: unlocked with a valid editor cookie or a staff session.
 * - POST /unlock {password} → 204 with an httpOnly `blog_editor` cookie (8 hours) when the
 *   password equals BLOG_ADMIN_PASSWORD (compared in constant time over SHA-256 digests);
 *   401 'Invalid password'; 429 past AUTH_RATE_LIMIT tries per address per 15 minutes; 503 when
 *   no password is configured.
 * - POST /lock → 204, the cookie removed.
 *
 * The cookie is a JWT (HS256) whose key is derived from the password, so changing the password
 * ends every unlock. Nothing secret reaches the browser's files.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { clearAppCookie, setAppCookie } from '../middleware/cookies.ts';
import { currentStaff } from '../middleware/identity.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { validate } from '../validation.ts';

const COOKIE = 'blog_editor';
/** How long an unlock lasts, in seconds: 8 hours, a working day. */
const UNLOCK_SECONDS = 8 * 60 * 60;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Constant-time password check: equal-length digests, so neither content nor length leaks by timing. */
function passwordMatches(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

export function blogEditorRoutes(deps: AppDeps) {
  const { env } = deps;
  const password = env.BLOG_ADMIN_PASSWORD;
  const key = password ? sha256(`blog-editor-cookie:${password}`) : null;
  const limiter = createLimiter(deps.db, {
    name: 'blog-admin',
    points: env.AUTH_RATE_LIMIT,
    durationSeconds: 15 * 60,
    message: 'Too many attempts. Please wait a few minutes.',
  });

  async function unlocked(c: Context<ApiEnv>): Promise<boolean> {
    const token = getCookie(c, COOKIE);
    if (token && key) {
      try {
        await jwtVerify(token, key, { audience: 'blog-editor' });
        return true;
      } catch {
        // Expired, or signed with an old password: fall through.
      }
    }
    return (await currentStaff(c)) !== null;
  }

  return new Hono<ApiEnv>()
    .get('/status', async (c) => c.json({ configured: Boolean(password), unlocked: await unlocked(c) }))
    .post(
      '/unlock',
      validate('json', z.object({ password: z.string().max(1000) })),
      limitByAddress(limiter, 'blog-admin:'),
      async (c) => {
        if (!password || !key) {
          throw new AppError(503, 'not_configured', 'The blog editor is disabled: no password is set on this server.');
        }
        if (!passwordMatches(c.req.valid('json').password, password)) {
          throw new AppError(401, 'invalid_password', 'Invalid password');
        }
        const token = await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('blog-editor')
          .setIssuedAt()
          .setExpirationTime(`${UNLOCK_SECONDS}s`)
          .sign(key);
        setAppCookie(c, COOKIE, token, {
          httpOnly: true,
          sameSite: 'Lax',
          path: '/',
          maxAge: UNLOCK_SECONDS,
        });
        return c.body(null, 204);
      },
    )
    .post('/lock', (c) => {
      clearAppCookie(c, COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax' });
      return c.body(null, 204);
    });
}
