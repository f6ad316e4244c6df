import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, trimPageScriptHashes, trimPolicyHashes } from './page-csp.mjs';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const ON_PAGE = 'document.documentElement.dataset.ready="1"';
const ELSEWHERE = 'console.log("another page")';
const LD = '{"@context":"https://schema.org","@type":"Organization","name":"A & B"}';

const policy = (...hashes: string[]) =>
  `default-src 'self';img-src 'self' data:;object-src 'none'; script-src 'self' ${hashes.join(' ')}; style-src 'self' 'unsafe-inline'`;

const page = (metaPolicy: string, scripts: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${metaPolicy}"><title>t</title></head><body>${scripts}</body></html>`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script a browser runs, and skips data blocks and external scripts', () => {
    const html = page(
      '',
      `<script type="module">${ON_PAGE}</script><script>if (a < b && c) {}</script><script type="application/ld+json">${LD}</script><script type="module" src="/_astro/x.js"></script>`,
    );
    expect([...inlineScriptHashes(html)]).toEqual([hash(ON_PAGE), hash('if (a < b && c) {}')]);
  });
});

describe('trimPolicyHashes', () => {
  it('keeps only the listed hashes in script-src and leaves every other directive and source alone', () => {
    const trimmed = trimPolicyHashes(policy(hash(ON_PAGE), hash(ELSEWHERE)), new Set([hash(ON_PAGE)]));
    expect(trimmed).toBe(policy(hash(ON_PAGE)));
  });

  it('never adds a hash the policy did not have', () => {
    expect(trimPolicyHashes("script-src 'self'", new Set([hash(ON_PAGE)]))).toBe("script-src 'self'");
  });
});

describe('trimPageScriptHashes', () => {
  it("rewrites the page's meta policy to its own scripts' hashes and nothing else on the page", () => {
    const body = `<script type="module">${ON_PAGE}</script><p>${ELSEWHERE}</p>`;
    const html = page(policy(hash(ON_PAGE), hash(ELSEWHERE), hash('x')), body);
    const result = trimPageScriptHashes(html);
    expect(result.removed).toBe(2);
    expect(result.html).toContain(`script-src 'self' ${hash(ON_PAGE)};`);
    expect(result.html).not.toContain(hash(ELSEWHERE));
    expect(result.html.slice(result.html.indexOf('<title>'))).toBe(html.slice(html.indexOf('<title>')));
  });

  it('leaves a page without a meta policy as it is', () => {
    const html = `<!doctype html><html><head></head><body><script>${ON_PAGE}</script></body></html>`;
    expect(trimPageScriptHashes(html)).toEqual({ html, removed: 0 });
  });

  it('refuses a page with two meta policies', () => {
    const html = page(policy(hash(ON_PAGE)), '') + page(policy(hash(ON_PAGE)), '');
    expect(() => trimPageScriptHashes(html)).toThrow(/more than one/);
  });
});
