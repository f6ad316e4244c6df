import { lookup } from 'node:dns/promises';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactSubmissions, notifications } from '../../db/schema/index.ts';
import type { AuditReport } from '../../src/shared/audit.ts';
import { scoreBand } from '../../src/shared/audit.ts';
import { AUDIT_RETRY_WINDOW_MS, recordAuditRequest } from '../../src/server/services/leads/audit-leads.ts';
import { FETCH_TIMEOUT_MS, MAX_BODY_BYTES, MAX_REDIRECTS } from '../../src/server/services/website-audit/safe-fetch.ts';
import { closedOrigin, startAuditSites, type AuditSites } from '../fixtures/audit-sites.ts';
import { expectConsoleErrors } from '../setup/console.ts';
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
      // Also: a name that exists without an address, a DNS server that does not answer, and a
      // name that does not exist, as the system resolver reports them.
      resolve: async (host) => {
        if (host === 'dns-down.example') throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
        if (host === 'gone.example') throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
        return (
          {
            'loopback.example': ['127.0.0.1'],
            'mixed.example': ['93.184.215.14', '10.1.2.3'],
            'rebind.example': ['93.184.215.14'],
            'no-address.example': [],
          }[host] ?? (await lookup(host, { all: true })).map((a) => a.address)
        );
      },
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

/**
 * An audit request for `website`. Each gets its own email unless one is given: retries by the
 * same email within an hour update one lead (docs/product.md#website-audit).
 */
let requests = 0;
const body = (website: string, email = `ann+${++requests}@example.com`) => ({ website, name: 'Ann Lee', email });

/** What POST /api/audit answers: a report, or an error (with the stored lead's id when it failed). */
type AuditAnswer = {
  report?: AuditReport;
  error?: { code: string; message: string; fields?: Record<string, string> };
  leadId?: string;
};

async function auditOf(api: TestApi, website: string, headers?: Record<string, string>, email?: string) {
  const response = await api.fresh().audit.$post({ json: body(website, email) }, headers && { headers });
  return { response, json: (await response.json()) as AuditAnswer };
}

/** The audit leads stored for `website`. */
async function leadsFor(api: TestApi, website: string) {
  return api.db.read
    .select()
    .from(contactSubmissions)
    .where(eq(contactSubmissions.message, `Requested audit for: ${website}`));
}

async function leadCount(api: TestApi): Promise<number> {
  const [row] = await api.db.read.select({ n: count() }).from(contactSubmissions);
  return row?.n ?? 0;
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
    const leads = await withFixtures.db.read.query.contactSubmissions.findMany();
    const lead = leads.find((l) => l.message === `Requested audit for: ${sites.httpOrigin}/poor`)!;
    expect(lead).toMatchObject({
      source: 'audit',
      subject: 'Free Website Audit Request',
      services: ['Website Audit'],
      auditScore: json.report!.score,
      email: expect.stringMatching(/^ann\+\d+@example\.com$/),
    });
    // The whole report stays with the lead, for its page on the dashboard.
    expect(lead.auditReport).toEqual(json.report);
    expect(lead.auditError).toBeNull();
    expect(json.leadId).toBeUndefined();
  });

  it('never echoes the fetched body', async () => {
    const { json } = await auditOf(withFixtures, `${sites.httpOrigin}/fair`);
    expect(json.report).toBeDefined();
    expect(JSON.stringify(json)).not.toContain('Fresh flowers every day');
  });
});

describe('an audit that could not be run still records the request as a lead', () => {
  it('a name that does not resolve: 422 with the reason on the field, the lead stored with it, and the team told', async () => {
    const website = `http://no-such-host-${Date.now()}.example/`;
    const { response, json } = await auditOf(strict, website);
    expect(response.status).toBe(422);
    expect(json.error).toEqual({
      code: 'audit_not_found',
      message: 'We could not find that website. Please check the address.',
      fields: { website: 'We could not find that website. Please check the address.' },
    });
    const leads = await leadsFor(strict, website);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      id: json.leadId,
      source: 'audit',
      name: 'Ann Lee',
      email: expect.stringMatching(/^ann\+\d+@example\.com$/),
      subject: 'Free Website Audit Request',
      services: ['Website Audit'],
      status: 'new',
      auditScore: null,
      auditReport: null,
      auditError: 'We could not find that website. Please check the address.',
    });
    const [queued] = await strict.db.read
      .select()
      .from(notifications)
      .where(eq(notifications.groupKey, `lead:${json.leadId}`));
    expect(queued?.kind).toBe('new_lead');
    await strict.deliver();
    // Quoted-printable soft line breaks removed.
    const mail = strict
      .outbox()
      .map((m) => m.replace(/=\r?\n/g, ''))
      .find((m) => m.includes(website));
    expect(mail).toContain('Audit failed: We could not find that website. Please check the address.');
  });

  it('a site that is down (HTTP 503) or refuses the connection: 422 with why, and the lead stored with it', async () => {
    const down = `${sites.httpOrigin}/down`;
    const answer = await auditOf(withFixtures, down);
    expect(answer.response.status).toBe(422);
    expect(answer.json.error?.code).toBe('audit_http_error');
    expect(answer.json.error?.fields?.website).toBe('The website answered with an error (HTTP 503).');
    expect(await leadsFor(withFixtures, down)).toEqual([
      expect.objectContaining({
        id: answer.json.leadId,
        auditError: 'The website answered with an error (HTTP 503).',
        auditScore: null,
      }),
    ]);

    const refused = `${await closedOrigin()}/`;
    const second = await auditOf(withFixtures, refused);
    expect(second.response.status).toBe(422);
    expect(second.json.error?.code).toBe('audit_unreachable');
    expect(await leadsFor(withFixtures, refused)).toEqual([
      expect.objectContaining({
        id: second.json.leadId,
        auditError: 'The website could not be reached. It may be down; please try again later.',
      }),
    ]);
  });

  it('a well-formed address whose site cannot be reached says so; only a name that does not exist asks to check it', async () => {
    const unreachable = 'The website could not be reached. It may be down; please try again later.';
    for (const website of ['http://no-address.example/', 'http://dns-down.example/']) {
      const { response, json } = await auditOf(strict, website);
      expect(response.status).toBe(422);
      expect(json.error).toMatchObject({ code: 'audit_unreachable', message: unreachable });
      expect(json.error?.message).not.toContain('check the address');
      expect((await leadsFor(strict, website))[0]?.auditError).toBe(unreachable);
    }
    const gone = await auditOf(strict, 'http://gone.example/');
    expect(gone.json.error).toMatchObject({
      code: 'audit_not_found',
      message: 'We could not find that website. Please check the address.',
    });
  });

  it('a retry by the same person within an hour updates their lead instead of adding another', async () => {
    const email = `retry-${crypto.randomUUID()}@example.com`;
    const typo = `http://gone.example/?${email}`;
    const fixed = `${sites.httpOrigin}/fair?${email}`;
    const first = await strict.fresh().audit.$post({ json: { website: typo, name: 'Ann Lee', email } });
    const firstId = ((await first.json()) as AuditAnswer).leadId;
    await strict.deliver();
    const emailsBefore = strict.outbox().length;
    // The retry, with another address (and the email typed in another case).
    const again = await auditOf(strict, 'http://no-address.example/', undefined, email.toUpperCase());
    expect(again.json.leadId).toBe(firstId);
    const rows = await strict.db.read
      .select()
      .from(contactSubmissions)
      .where(sql`lower(${contactSubmissions.email}) = ${email}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: firstId,
      message: 'Requested audit for: http://no-address.example/',
      auditError: 'The website could not be reached. It may be down; please try again later.',
    });
    // The team was told once, about the first try.
    await strict.deliver();
    expect(strict.outbox()).toHaveLength(emailsBefore);

    // A request after the hour is a new lead.
    const later = await recordAuditRequest(
      strict.db,
      { source: 'audit', name: 'Ann Lee', email, message: `Requested audit for: ${fixed}` },
      undefined,
      new Date(Date.now() + AUDIT_RETRY_WINDOW_MS + 60_000),
    );
    expect(later.id).not.toBe(firstId);
  });

  it('an audit that breaks on our side: 500, logged, and the lead stored with that reason', async () => {
    // A negative time budget makes the fetch throw before it starts: an error that is no refusal.
    const broken = await createTestApi({ audit: { allowLoopback: true, timeoutMs: -1 } });
    try {
      const errors = expectConsoleErrors();
      const website = `${sites.httpOrigin}/fair`;
      const { response, json } = await auditOf(broken, website);
      expect(response.status).toBe(500);
      expect(json.error).toEqual({
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(await leadsFor(broken, website)).toEqual([
        expect.objectContaining({
          id: json.leadId,
          auditError: 'The audit could not be run because of an error on our side.',
        }),
      ]);
      expect(errors.map((args) => args[0])).toEqual(['unexpected error']);
    } finally {
      await broken.close();
    }
  });

  it('a malformed or invalid request stores nothing (400, 422)', async () => {
    const before = await leadCount(withFixtures);
    // Broken JSON cannot be sent through the typed client.
    const malformed = await withFixtures.raw('/api/audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"website": "https://example.com", "name": ',
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe('bad_request');
    const invalid = await withFixtures.fresh().audit.$post({ json: { website: 'exmaple', name: 'A', email: 'nope' } });
    expect(invalid.status).toBe(422);
    expect(await leadCount(withFixtures)).toBe(before);
  });

  it('a repeat with the same Idempotency-Key gets the first answer and stores one lead, failed or not', async () => {
    for (const website of [`${sites.httpOrigin}/down`, `${sites.httpOrigin}/fair`]) {
      const key = { 'Idempotency-Key': crypto.randomUUID() };
      const before = (await leadsFor(withFixtures, website)).length;
      const email = `repeat-${crypto.randomUUID()}@example.com`;
      const first = await auditOf(withFixtures, website, key, email);
      const again = await auditOf(withFixtures, website, key, email);
      expect(again.response.status).toBe(first.response.status);
      expect(again.response.headers.get('idempotent-replayed')).toBe('true');
      expect(again.json).toEqual(first.json);
      expect((await leadsFor(withFixtures, website)).length).toBe(before + 1);
    }
  });

  it('a bot gets the answer a person would get, and nothing is stored', async () => {
    const website = `${sites.httpOrigin}/down`;
    const before = await leadCount(withFixtures);
    const response = await withFixtures.fresh().audit.$post({ json: { ...body(website), fax: 'bot value' } });
    expect(response.status).toBe(422);
    const json = (await response.json()) as AuditAnswer;
    expect(json.error?.code).toBe('audit_http_error');
    expect(json.leadId).toEqual(expect.any(String));
    expect(await leadCount(withFixtures)).toBe(before);
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

  it(`gives up on a server slower than ${FETCH_TIMEOUT_MS / 1000} seconds, and keeps the lead with the reason`, async () => {
    // The page never answers: the audit can end only by giving up on it, which it does at its own
    // time limit (without one, this test runs into its own).
    const before = { ...sites.slow };
    const { response, json } = await auditOf(withFixtures, `${sites.httpOrigin}/slow`);
    expect(response.status).toBe(422);
    expect(json.error?.message).toBe('The website took longer than 8 seconds to answer.');
    expect(sites.slow.opened).toBe(before.opened + 1);
    // And the request to the site was closed, not left open behind the answer.
    await vi.waitFor(() => expect(sites.slow.abandoned).toBe(before.abandoned + 1));
    const [lead] = await leadsFor(withFixtures, `${sites.httpOrigin}/slow`);
    expect(lead?.auditError).toBe('The website took longer than 8 seconds to answer.');
    expect(json.leadId).toBe(lead?.id);
  }, 30_000);
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
      // The refused request is not a lead; the first one is.
      expect(await leadCount(limited)).toBe(1);
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
