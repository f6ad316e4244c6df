import { lookup } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../src/shared/audit.ts';
import { scoreBand } from '../../src/shared/audit.ts';
import { FETCH_TIMEOUT_MS, MAX_BODY_BYTES, MAX_REDIRECTS } from '../../src/server/website-audit/safe-fetch.ts';
import { startAuditSites, type AuditSites } from '../fixtures/audit-sites.ts';
import { createTestApi, errorOf, type TestApi } from './helpers.ts';

/**
 * POST /api/audit (docs/product.md#website-audit): real audits of fixture sites on loopback
 * through the tests-only allowance, and the refusal matrix with the allowance off.
 */
let sites: AuditSites;
let withFixtures: TestApi;
let strict: TestApi;

beforeAll(async () => {
  sites = await startAuditSites();
  withFixtures = await createTestApi({
    env: { AUDIT_RATE_LIMIT: '1000' },
    audit: { allowLoopback: true, ca: sites.cert },
  });
  strict = await createTestApi({
    env: { AUDIT_RATE_LIMIT: '1000' },
    audit: {
      // A fake resolver: a public name, a name pointing at loopback, and a rebinding name that
      // looks public when checked and turns to 127.0.0.1 when the connection is made.
      resolve: async (host) =>
        ({
          'loopback.example': ['127.0.0.1'],
          'mixed.example': ['93.184.215.14', '10.1.2.3'],
          'rebind.example': ['93.184.215.14'],
        })[host] ?? (await lookup(host, { all: true })).map((a) => a.address),
      lookup: (_host, options, callback) => {
        const answer = callback as (error: null, address: unknown, family?: number) => void;
        if ((options as { all?: boolean }).all) answer(null, [{ address: '127.0.0.1', family: 4 }]);
        else answer(null, '127.0.0.1', 4);
      },
    },
  });
});
afterAll(async () => {
  await withFixtures.close();
  await strict.close();
  await sites.close();
});

const body = (website: string) => ({ website, name: 'Ann Lee', email: 'ann@example.com' });

async function auditOf(api: TestApi, website: string) {
  const response = await api.fresh().audit.$post({ json: body(website) });
  return {
    response,
    json: (await response.json()) as {
      report?: AuditReport;
      error?: { message: string; fields?: Record<string, string> };
    },
  };
}

describe('audits of fixture sites', () => {
  it('a secure, complete HTTPS page lands in the green band', async () => {
    const { response, json } = await auditOf(withFixtures, `${sites.httpsOrigin}/`);
    expect(response.status).toBe(200);
    const report = json.report!;
    expect(scoreBand(report.score).band).toBe('green');
    // Everything passes except the http→https redirect, which this fixture does not offer.
    expect(report.checks.filter((c) => c.earned < c.points).map((c) => c.id)).toEqual(['https-redirect']);
    expect(report.score).toBe(95);
    expect(report.notMeasured).toMatch(/does not measure Core Web Vitals/);
  });

  it('the same page over plain HTTP is yellow: HTTPS, its redirect and HSTS are missing', async () => {
    const { json } = await auditOf(withFixtures, `${sites.httpOrigin}/fair`);
    const report = json.report!;
    expect(report.score).toBe(70);
    expect(scoreBand(report.score).band).toBe('yellow');
    expect(report.issues.map((i) => i.severity)[0]).toBe('high');
    expect(report.issues.find((i) => i.message.includes('plain HTTP'))).toMatchObject({ category: 'Security' });
  });

  it('a bare page is red, with each problem named, its impact and a recommendation', async () => {
    const { json } = await auditOf(withFixtures, `${sites.httpOrigin}/poor`);
    const report = json.report!;
    expect(scoreBand(report.score).band).toBe('red');
    const failed = report.checks.filter((c) => c.earned < c.points).map((c) => c.id);
    for (const id of [
      'description',
      'canonical',
      'open-graph',
      'h1',
      'lang',
      'image-alt',
      'viewport',
      'csp',
      'nosniff',
    ]) {
      expect(failed).toContain(id);
    }
    expect(report.issues.find((i) => i.message === '2 images without an alt attribute.')).toMatchObject({
      category: 'Accessibility',
      severity: 'medium',
    });
    expect(report.issues.every((i) => i.impact.length > 0)).toBe(true);
    expect(report.recommendations.length).toBe(report.issues.length);
  });

  it('records the lead as docs/product.md#website-audit says, with the score and report attached, and tells the team', async () => {
    const { json } = await auditOf(withFixtures, `${sites.httpOrigin}/poor`);
    const leads = await withFixtures.db.query.contactSubmissions.findMany();
    const lead = leads.find((l) => l.message === `Requested audit for: ${sites.httpOrigin}/poor`)!;
    expect(lead).toMatchObject({
      source: 'audit',
      subject: 'Free Website Audit Request',
      services: ['Website Audit'],
      auditScore: json.report!.score,
      email: 'ann@example.com',
    });
    // The whole report stays with the lead, for its page on the dashboard.
    expect(lead.auditReport).toEqual(json.report);
  });

  it('never echoes the fetched body', async () => {
    const { json } = await auditOf(withFixtures, `${sites.httpOrigin}/fair`);
    expect(json.report).toBeDefined();
    expect(JSON.stringify(json)).not.toContain('Fresh flowers every day');
  });
});

describe('refusals (the tests-only allowance off)', () => {
  it.each([
    ['http://127.0.0.1/', 'private'],
    ['http://localhost/', 'private'],
    ['http://10.0.0.1/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'private'],
    ['http://0.0.0.0/', 'private'],
    ['http://loopback.example/', 'private'],
    ['http://mixed.example/', 'private'],
    ['http://rebind.example/', 'private'],
    ['http://example.com:8080/', 'standard ports'],
    ['http://no-such-host.example/', 'could not find'],
  ])('%s is refused with 422', async (website, expected) => {
    const { response, json } = await auditOf(strict, website);
    expect(response.status).toBe(422);
    expect(json.error?.message).toMatch(new RegExp(expected === 'private' ? 'private or reserved network' : expected));
    expect(json.error?.fields?.website).toBe(json.error?.message);
  });

  it.each(['ftp://example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url', 'http://[::1]/'])(
    '%s is refused as not a website URL',
    async (website) => {
      const { response, json } = await auditOf(strict, website);
      expect(response.status).toBe(422);
      expect(json.error?.fields?.website).toBe('Please enter a valid website URL');
    },
  );
});

describe('hostile answers (fixture sites, allowance on)', () => {
  it('refuses a redirect to the cloud metadata address or a private network', async () => {
    for (const path of ['/redirect-metadata', '/redirect-private']) {
      const { response, json } = await auditOf(withFixtures, `${sites.httpOrigin}${path}`);
      expect(response.status).toBe(422);
      expect(json.error?.message).toMatch(/private or reserved network/);
    }
  });

  it(`follows at most ${MAX_REDIRECTS} redirects`, async () => {
    const { json } = await auditOf(withFixtures, `${sites.httpOrigin}/redirect-loop`);
    expect(json.error?.message).toBe('The website redirected more than 5 times.');
  });

  it(`refuses a body over ${MAX_BODY_BYTES / 1024 / 1024} MB, and anything but HTML`, { timeout: 10_000 }, async () => {
    expect((await auditOf(withFixtures, `${sites.httpOrigin}/big`)).json.error?.message).toMatch(/larger than 2 MB/);
    const json = await auditOf(withFixtures, `${sites.httpOrigin}/json`);
    expect(json.json.error?.message).toMatch(/text\/html/);
    expect(JSON.stringify(json.json)).not.toContain('never echoed');
  });

  it(`gives up on a server slower than ${FETCH_TIMEOUT_MS / 1000} seconds`, async () => {
    const started = Date.now();
    const { response, json } = await auditOf(withFixtures, `${sites.httpOrigin}/slow`);
    expect(response.status).toBe(422);
    expect(json.error?.message).toBe('The website took longer than 8 seconds to answer.');
    expect(Date.now() - started).toBeLessThan(FETCH_TIMEOUT_MS + 1500);
  }, 15_000);
});

describe('limits', () => {
  it('rate-limits audits per address', async () => {
    const limited = await createTestApi({ env: { AUDIT_RATE_LIMIT: '1' }, audit: { allowLoopback: true } });
    try {
      const from = limited.as('203.0.113.250');
      await from.audit.$post({ json: body(`${sites.httpOrigin}/poor`) });
      const second = await from.audit.$post({ json: body(`${sites.httpOrigin}/poor`) });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('checks the form fields with the spec messages', async () => {
    const response = await withFixtures.fresh().audit.$post({ json: { website: '', name: 'A', email: 'nope' } });
    expect(response.status).toBe(422);
    const fields = (await errorOf(response)).fields;
    expect(fields).toEqual({
      website: 'Please enter a valid website URL',
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
  });
});
