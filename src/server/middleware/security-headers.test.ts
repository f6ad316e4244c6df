import { describe, expect, it } from 'vitest';
import { headersForPage, securityHeaders } from './security-headers.ts';

const headers = securityHeaders({ https: true });

describe('headersForPage', () => {
  it('sends public pages every security header but the opener policy', () => {
    for (const path of ['/', '/index.html', '/about/index.html', '/work/sweet-hen-bakery', '/portals-guide']) {
      const page = headersForPage(path, headers);
      expect(page['Cross-Origin-Opener-Policy'], path).toBeUndefined();
      expect(page['X-Frame-Options'], path).toBe('DENY');
      expect(page['X-Content-Type-Options'], path).toBe('nosniff');
      expect(page['Strict-Transport-Security'], path).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('sends pages that carry a token in their address no Referer at all', () => {
    for (const path of [
      '/portal/sign-in',
      '/portal/sign-in/index.html',
      '/portal/reset-password',
      '/portal/welcome',
      '/admin/login',
      '/admin/login/index.html',
      '/admin/invitation',
      '/data-export',
      '/data-export/index.html',
    ]) {
      expect(headersForPage(path, headers), path).toEqual({ ...headers, 'Referrer-Policy': 'no-referrer' });
    }
    expect(headersForPage('/portal/sign-in-help', headers)['Referrer-Policy']).toBe(headers['Referrer-Policy']);
  });

  it('sends private pages the opener policy as well', () => {
    for (const path of [
      '/portal',
      '/portal/index.html',
      '/portal/projects/12',
      '/admin',
      '/admin/index.html',
      '/blog-admin',
      '/blog-admin.html',
      '/unsubscribe/',
    ]) {
      expect(headersForPage(path, headers), path).toEqual(headers);
    }
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
  });
});
