/**
 * The audit's checks over one fetched page (issue 5). Each check can give a number of points;
 * they add up to 100 and the score is what the page earns.
 *
 * - Security, 50 points, graded the way Mozilla HTTP Observatory grades its tests (its
 *   modifiers, scaled to these weights): HTTPS 15, http→https redirect 5, HSTS of at least six
 *   months 10 (less: 5), a Content-Security-Policy 10 (with 'unsafe-inline' scripts: 5),
 *   X-Content-Type-Options nosniff 3, frame protection (X-Frame-Options or CSP
 *   frame-ancestors) 5, cookies Secure (and HttpOnly for session cookies) 2.
 * - SEO, 21: a title of 10 to 70 characters 5 (another length: 3), a meta description of 50 to
 *   160 characters 5 (another length: 3), a canonical link 3, Open Graph title, description and
 *   image 4 (some: 2), exactly one h1 4 (several: 2).
 * - Accessibility, 9: a lang attribute 4, every image with an alt attribute 5.
 * - Mobile, 5: a viewport meta tag with width=device-width.
 * - Performance, 15: HTML of at most 100 KB 5 (at most 300 KB: 3), compression of HTML over
 *   1 KB 5, headers within 800 ms 5 (within 1,800 ms: 3).
 *
 * Core Web Vitals are not measured: they need a real browser, and the report says so.
 */
import { load } from 'cheerio';
import type { AuditCategory, AuditCheck, AuditIssue, AuditReport, Severity } from '../../shared/audit.ts';
import type { FetchedPage } from './safe-fetch.ts';

/** Six months, in seconds: the HSTS max-age Mozilla Observatory asks for. */
export const HSTS_MIN_SECONDS = 15_552_000;

export const NOT_MEASURED =
  'This audit reads your page’s HTML and HTTP headers once. It does not measure Core Web Vitals (loading, interactivity and layout stability), which need a real browser on real devices.';

interface Outcome {
  earned: number;
  /** When not all points were earned: what is wrong, its impact and what to do. */
  message?: string;
  impact?: string;
  recommendation?: string;
}

interface CheckDef {
  id: string;
  category: AuditCategory;
  label: string;
  points: number;
  severity: Severity;
  run: (page: FetchedPage, $: ReturnType<typeof load>, extra: AuditExtras) => Outcome;
}

export interface AuditExtras {
  /** Whether http:// on the same host redirects to https:// (null when it could not be checked). */
  httpRedirectsToHttps: boolean | null;
}

const header = (page: FetchedPage, name: string): string => {
  const value = page.headers[name];
  return (Array.isArray(value) ? value.join(', ') : (value ?? '')).trim();
};

const isHttps = (page: FetchedPage) => page.finalUrl.startsWith('https:');

const full = (points: number): Outcome => ({ earned: points });

const CHECKS: CheckDef[] = [
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
  {
    id: 'title',
    category: 'SEO',
    label: 'A title of 10 to 70 characters',
    points: 5,
    severity: 'high',
    run: (_page, $) => {
      const title = $('head > title').first().text().trim();
      if (title.length >= 10 && title.length <= 70) return full(5);
      const advice = {
        impact: 'The title is the headline of your result in search engines and the name of the browser tab.',
        recommendation: 'Write a unique title of 10 to 70 characters naming the page and your business.',
      };
      if (title) return { earned: 3, message: `The title is ${title.length} characters long.`, ...advice };
      return { earned: 0, message: 'The page has no title.', ...advice };
    },
  },
  {
    id: 'description',
    category: 'SEO',
    label: 'A meta description of 50 to 160 characters',
    points: 5,
    severity: 'medium',
    run: (_page, $) => {
      const text = ($('meta[name="description"]').attr('content') ?? '').trim();
      if (text.length >= 50 && text.length <= 160) return full(5);
      const advice = {
        impact: 'Search engines show it under your title; without a good one they pick a random sentence.',
        recommendation: 'Add a meta description of 50 to 160 characters that invites the click.',
      };
      if (text) return { earned: 3, message: `The meta description is ${text.length} characters long.`, ...advice };
      return { earned: 0, message: 'No meta description.', ...advice };
    },
  },
  {
    id: 'canonical',
    category: 'SEO',
    label: 'A canonical link',
    points: 3,
    severity: 'low',
    run: (_page, $) =>
      $('link[rel="canonical"]').attr('href')
        ? full(3)
        : {
            earned: 0,
            message: 'No canonical link.',
            impact: 'Search engines may split your ranking between duplicate addresses of the same page.',
            recommendation: 'Add <link rel="canonical"> with the preferred address of each page.',
          },
  },
  {
    id: 'open-graph',
    category: 'SEO',
    label: 'Open Graph title, description and image',
    points: 4,
    severity: 'low',
    run: (_page, $) => {
      const present = ['og:title', 'og:description', 'og:image'].filter((p) =>
        $(`meta[property="${p}"]`).attr('content'),
      );
      if (present.length === 3) return full(4);
      return {
        earned: present.length > 0 ? 2 : 0,
        message: `Open Graph tags missing: ${['og:title', 'og:description', 'og:image'].filter((p) => !present.includes(p)).join(', ')}.`,
        impact: 'Shared links on social networks and messengers show without a proper title, text or picture.',
        recommendation: 'Add og:title, og:description and a 1200×630 og:image to every page.',
      };
    },
  },
  {
    id: 'h1',
    category: 'SEO',
    label: 'Exactly one h1 heading',
    points: 4,
    severity: 'medium',
    run: (_page, $) => {
      const count = $('h1').length;
      if (count === 1) return full(4);
      return {
        earned: count > 1 ? 2 : 0,
        message: count === 0 ? 'The page has no h1 heading.' : `The page has ${count} h1 headings.`,
        impact: 'Search engines and screen-reader users rely on one main heading to know what the page is about.',
        recommendation: 'Give each page exactly one h1 that says what it is about.',
      };
    },
  },
  {
    id: 'lang',
    category: 'Accessibility',
    label: 'The page language is declared',
    points: 4,
    severity: 'medium',
    run: (_page, $) =>
      ($('html').attr('lang') ?? '').trim()
        ? full(4)
        : {
            earned: 0,
            message: 'The html element has no lang attribute.',
            impact: 'Screen readers may read the page with the wrong pronunciation (WCAG 3.1.1).',
            recommendation: 'Add lang="en" (or your language) to the html element.',
          },
  },
  {
    id: 'image-alt',
    category: 'Accessibility',
    label: 'Every image has an alt attribute',
    points: 5,
    severity: 'medium',
    run: (_page, $) => {
      const missing = $('img').filter((_, img) => $(img).attr('alt') === undefined).length;
      return missing === 0
        ? full(5)
        : {
            earned: 0,
            message: `${missing} image${missing === 1 ? '' : 's'} without an alt attribute.`,
            impact:
              'Blind visitors hear nothing useful for these images, and search engines cannot index them (WCAG 1.1.1).',
            recommendation: 'Describe each meaningful image in its alt text; give decorative ones alt="".',
          };
    },
  },
  {
    id: 'viewport',
    category: 'Mobile',
    label: 'A mobile viewport',
    points: 5,
    severity: 'high',
    run: (_page, $) =>
      /width\s*=\s*device-width/i.test($('meta[name="viewport"]').attr('content') ?? '')
        ? full(5)
        : {
            earned: 0,
            message: 'No viewport meta tag with width=device-width.',
            impact: 'Phones show the page zoomed out like a desktop site; search engines rank it lower on mobile.',
            recommendation: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
          },
  },
  {
    id: 'html-weight',
    category: 'Performance',
    label: 'HTML of at most 100 KB',
    points: 5,
    severity: 'low',
    run: (page) => {
      const kb = Math.round(page.bodyBytes / 1024);
      if (page.bodyBytes <= 100 * 1024) return full(5);
      return {
        earned: page.bodyBytes <= 300 * 1024 ? 3 : 0,
        message: `The HTML weighs ${kb} KB.`,
        impact: 'Heavy HTML takes longer to download and parse, above all on phones.',
        recommendation: 'Move inline data, styles and scripts out of the HTML and remove unused markup.',
      };
    },
  },
  {
    id: 'compression',
    category: 'Performance',
    label: 'The HTML is compressed',
    points: 5,
    severity: 'medium',
    run: (page) =>
      page.bodyBytes <= 1024 || /gzip|br|deflate|zstd/i.test(header(page, 'content-encoding'))
        ? full(5)
        : {
            earned: 0,
            message: 'The HTML is sent without compression.',
            impact: 'Uncompressed pages take several times longer to download.',
            recommendation: 'Turn on gzip or Brotli compression on the web server.',
          },
  },
  {
    id: 'response-time',
    category: 'Performance',
    label: 'The server answers within 800 ms',
    points: 5,
    severity: 'low',
    run: (page) => {
      if (page.responseMs <= 800) return full(5);
      return {
        earned: page.responseMs <= 1800 ? 3 : 0,
        message: `The server took ${page.responseMs} ms to answer.`,
        impact: 'A slow first answer delays everything else on the page.',
        recommendation: 'Cache pages, use a faster host or a CDN, and check slow database queries.',
      };
    },
  },
];

/** The points of all checks: 100. */
export const TOTAL_POINTS = CHECKS.reduce((sum, c) => sum + c.points, 0);

/** Runs every check over `page` and builds the report. */
export function analyze(page: FetchedPage, extras: AuditExtras, auditedAt = new Date()): AuditReport {
  const $ = load(page.body);
  const checks: AuditCheck[] = [];
  const issues: AuditIssue[] = [];
  const recommendations: string[] = [];
  for (const check of CHECKS) {
    const outcome = check.run(page, $, extras);
    checks.push({
      id: check.id,
      category: check.category,
      label: check.label,
      points: check.points,
      earned: outcome.earned,
    });
    if (outcome.earned < check.points && outcome.message) {
      issues.push({
        category: check.category,
        severity: outcome.earned > 0 && check.severity === 'high' ? 'medium' : check.severity,
        message: outcome.message,
        impact: outcome.impact ?? '',
      });
      if (outcome.recommendation) recommendations.push(outcome.recommendation);
    }
  }
  const order: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
  issues.sort((a, b) => order[a.severity] - order[b.severity]);
  if (recommendations.length === 0) {
    recommendations.push('Keep it up: re-run this audit after each redesign or hosting change.');
  }
  return {
    url: page.requestedUrl,
    finalUrl: page.finalUrl,
    score: checks.reduce((sum, c) => sum + c.earned, 0),
    checks,
    issues,
    recommendations,
    notMeasured: NOT_MEASURED,
    auditedAt: auditedAt.toISOString(),
  };
}
