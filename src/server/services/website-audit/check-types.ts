/** What every audit check is made of: its definition, its outcome, and helpers for reading a page. */
import type { load } from 'cheerio/slim';
import type { AuditCategory, Severity } from '../../../shared/audit.ts';
import type { FetchedPage } from './safe-fetch.ts';

export interface Outcome {
  earned: number;
  /** When not all points were earned: what is wrong, its impact and what to do. */
  message?: string;
  impact?: string;
  recommendation?: string;
}

export interface CheckDef {
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

export const header = (page: FetchedPage, name: string): string => {
  const value = page.headers[name];
  return (Array.isArray(value) ? value.join(', ') : (value ?? '')).trim();
};

export const isHttps = (page: FetchedPage) => page.finalUrl.startsWith('https:');

export const full = (points: number): Outcome => ({ earned: points });
