/**
 * The audit's checks over one fetched page (docs/product.md#audit-checks). Each check can give a
 * number of points; they add up to 100 and the score is what the page earns.
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
import { load } from 'cheerio/slim';
import type { AuditCheck, AuditIssue, AuditReport, Severity } from '../../../shared/audit.ts';
import type { AuditExtras } from './check-types.ts';
import { CONTENT_CHECKS } from './content-checks.ts';
import type { FetchedPage } from './safe-fetch.ts';
import { SECURITY_CHECKS } from './security-checks.ts';

export { HSTS_MIN_SECONDS } from './security-checks.ts';

const NOT_MEASURED =
  'This audit reads your page’s HTML and HTTP headers once. It does not measure Core Web Vitals (loading, interactivity and layout stability), which need a real browser on real devices.';

const CHECKS = [...SECURITY_CHECKS, ...CONTENT_CHECKS];

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
