/**
 * The security checks, 50 points, graded the way Mozilla HTTP Observatory grades its tests (its
 * modifiers scaled to these weights); see checks.ts for the whole scale.
 */
import { full, header, isHttps, type CheckDef } from './check-types.ts';

/** Six months, in seconds: the HSTS max-age Mozilla Observatory asks for. */
export const HSTS_MIN_SECONDS = 15_552_000;

export const SECURITY_CHECKS: CheckDef[] = [
  {
    id: 'https',
    category: 'Security',
    label: 'Served over HTTPS',
    points: 15,
    severity: 'high',
    run: (page) =>
      isHttps(page)
        ? full(15)
        : {
            earned: 0,
            message: 'The page is served over plain HTTP.',
            impact:
              'Browsers mark the site "Not secure", and anything visitors type can be read or changed on the way.',
            recommendation: 'Install a TLS certificate (free from Let’s Encrypt) and serve every page over HTTPS.',
          },
  },
  {
    id: 'https-redirect',
    category: 'Security',
    label: 'http:// redirects to https://',
    points: 5,
    severity: 'medium',
    run: (_page, _$, extra) =>
      extra.httpRedirectsToHttps
        ? full(5)
        : {
            earned: 0,
            message: 'Visiting the http:// address does not redirect to https://.',
            impact: 'Visitors who type the address or follow old links stay on the insecure version.',
            recommendation: 'Redirect every http:// request to its https:// address with a 301.',
          },
  },
  {
    id: 'hsts',
    category: 'Security',
    label: 'Strict-Transport-Security of at least six months',
    points: 10,
    severity: 'high',
    run: (page) => {
      const value = isHttps(page) ? header(page, 'strict-transport-security') : '';
      const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? NaN);
      if (maxAge >= HSTS_MIN_SECONDS) return full(10);
      const advice = {
        impact: 'Without it, a first visit over http:// can be intercepted before the redirect.',
        recommendation: `Send Strict-Transport-Security: max-age=${HSTS_MIN_SECONDS * 2}; includeSubDomains on HTTPS answers.`,
      };
      if (maxAge > 0) return { earned: 5, message: 'The HSTS max-age is shorter than six months.', ...advice };
      return { earned: 0, message: 'No Strict-Transport-Security (HSTS) header.', ...advice };
    },
  },
  {
    id: 'csp',
    category: 'Security',
    label: 'Content-Security-Policy',
    points: 10,
    severity: 'medium',
    run: (page) => {
      const policy = header(page, 'content-security-policy');
      if (!policy) {
        return {
          earned: 0,
          message: 'No Content-Security-Policy header.',
          impact: 'If an attacker injects a script, nothing stops the browser from running it.',
          recommendation: 'Add a Content-Security-Policy that lists where scripts, styles and images may come from.',
        };
      }
      const scripts =
        /(?:^|;)\s*script-src\s+([^;]*)/i.exec(policy)?.[1] ?? /(?:^|;)\s*default-src\s+([^;]*)/i.exec(policy)?.[1];
      if (scripts && /'unsafe-inline'/i.test(scripts) && !/'(nonce|sha(256|384|512))-/i.test(scripts)) {
        return {
          earned: 5,
          message: "The Content-Security-Policy allows inline scripts ('unsafe-inline').",
          impact: 'Injected inline scripts would still run, which is what the policy should prevent.',
          recommendation: "Replace 'unsafe-inline' for scripts with hashes or nonces.",
        };
      }
      return full(10);
    },
  },
  {
    id: 'nosniff',
    category: 'Security',
    label: 'X-Content-Type-Options: nosniff',
    points: 3,
    severity: 'low',
    run: (page) =>
      header(page, 'x-content-type-options').toLowerCase() === 'nosniff'
        ? full(3)
        : {
            earned: 0,
            message: 'No X-Content-Type-Options: nosniff header.',
            impact: 'Browsers may guess file types, which can turn an uploaded file into a script.',
            recommendation: 'Send X-Content-Type-Options: nosniff on every answer.',
          },
  },
  {
    id: 'frame-protection',
    category: 'Security',
    label: 'Protection against framing (clickjacking)',
    points: 5,
    severity: 'medium',
    run: (page) => {
      const xfo = header(page, 'x-frame-options').toUpperCase();
      const ancestors = /frame-ancestors/i.test(header(page, 'content-security-policy'));
      return xfo === 'DENY' || xfo === 'SAMEORIGIN' || ancestors
        ? full(5)
        : {
            earned: 0,
            message: 'The page can be framed by any other site.',
            impact: 'Another site could show your page invisibly and trick visitors into clicking (clickjacking).',
            recommendation: "Send X-Frame-Options: DENY, or a CSP with frame-ancestors 'none'.",
          };
    },
  },
  {
    id: 'cookies',
    category: 'Security',
    label: 'Cookies marked Secure (and HttpOnly for sessions)',
    points: 2,
    severity: 'low',
    run: (page) => {
      const raw = page.headers['set-cookie'];
      const cookies = Array.isArray(raw) ? raw : raw ? [raw] : [];
      const weak = cookies.filter((cookie) => {
        const name = cookie.split('=')[0]?.trim() ?? '';
        const secure = /;\s*secure/i.test(cookie);
        const httpOnly = /;\s*httponly/i.test(cookie);
        return !secure || (/sess|sid|token|auth/i.test(name) && !httpOnly);
      });
      return weak.length === 0
        ? full(2)
        : {
            earned: 0,
            message: `${weak.length} cookie${weak.length === 1 ? '' : 's'} without the Secure flag (or a session cookie without HttpOnly).`,
            impact: 'Cookies may travel over plain HTTP or be read by injected scripts.',
            recommendation: 'Mark every cookie Secure, and session cookies HttpOnly and SameSite.',
          };
    },
  },
];
