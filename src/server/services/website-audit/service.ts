/**
 * The website audit (docs/product.md#website-audit): fetch the page safely (safe-fetch.ts), check
 * whether http:// redirects to https:// (within the same 8-second budget), run the checks
 * (checks.ts). Results are cached per URL for 5 minutes (lru-cache), so a page audited twice in a
 * row is fetched once.
 */
import { LRUCache } from 'lru-cache';
import type { AuditReport } from '../../../shared/audit.ts';
import { analyze } from './checks.ts';
import { FETCH_TIMEOUT_MS, FetchRefused, safeFetch, type SafeFetchOptions } from './safe-fetch.ts';

/** How long a report is reused for the same URL, in milliseconds: 5 minutes. */
const AUDIT_CACHE_MS = 5 * 60 * 1000;

/**
 * What the auditor may reach. `allowLoopback` exists for tests (fixture sites on 127.0.0.1);
 * the running server sets it only from AUDIT_ALLOW_LOOPBACK, which needs NODE_ENV=test.
 */
export type AuditOptions = Pick<
  SafeFetchOptions,
  'allowLoopback' | 'resolve' | 'lookup' | 'timeoutMs' | 'maxBytes' | 'ca'
>;

export function createAuditor(options: AuditOptions = {}) {
  const cache = new LRUCache<string, AuditReport>({ max: 500, ttl: AUDIT_CACHE_MS });

  async function redirectsToHttps(finalUrl: string, chain: string[], deadline: number): Promise<boolean | null> {
    const first = new URL(chain[0]!);
    if (first.protocol === 'http:') return chain.some((u) => u.startsWith('https:'));
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const probe = new URL(finalUrl);
    probe.protocol = 'http:';
    probe.pathname = '/';
    probe.search = '';
    try {
      const answer = await safeFetch(probe.href, { ...options, timeoutMs: left, followRedirects: false });
      return answer.status >= 300 && answer.status < 400 && answer.finalUrl.startsWith('https:');
    } catch (error) {
      if (error instanceof FetchRefused) return false;
      throw error;
    }
  }

  /** Audits `url`; throws FetchRefused (with a message for the visitor) when it cannot. */
  return async function audit(url: string): Promise<AuditReport> {
    const key = new URL(url).href;
    const cached = cache.get(key);
    if (cached) return cached;
    // One deadline for the page and the http:// probe together: 8 seconds in all
    // (docs/product.md#audit-fetch).
    const deadline = Date.now() + (options.timeoutMs ?? FETCH_TIMEOUT_MS);
    const page = await safeFetch(key, options);
    const httpRedirectsToHttps = await redirectsToHttps(page.finalUrl, page.chain, deadline);
    const report = analyze(page, { httpRedirectsToHttps });
    cache.set(key, report);
    return report;
  };
}
