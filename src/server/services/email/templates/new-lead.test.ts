import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HOW_DID_YOU_FIND_US,
  HOW_DID_YOU_FIND_US_LABELS,
  type HowDidYouFindUs,
} from '../../../../shared/schemas/contact.ts';
import { expectSelfContained, linksOf } from './email-checks.ts';
import { formatTime } from './layout.tsx';
import { renderNewLead } from './new-lead.tsx';
import type { NewLeadData } from './types.ts';

type Lead = NewLeadData['lead'];
const leadUrl = 'https://studio.example/admin#lead/6f1c2a9e-0000-4000-8000-000000000001';
const timeZone = 'America/New_York';
const dashboardUrl = leadUrl;
/** What the email is made from for `lead`: its page's link and the agency's time zone. */
const dataOf = (lead: Lead) => ({ lead, leadUrl, timeZone });

/**
 * The text of the lead email (docs/product.md#lead-delivery), line for line, as the reference the
 * rendered text must equal: how they found us by the form's label, the time in the agency's zone.
 */
function referenceText(lead: Lead, link: string): string {
  const lines = [
    `${lead.urgent ? 'URGENT ' : ''}New lead from the ${lead.source} form`,
    '',
    `Name: ${lead.name}`,
    lead.email ? `Email: ${lead.email}` : undefined,
    lead.phone ? `Phone: ${lead.phone}` : undefined,
    lead.howDidYouFindUs
      ? `How did you find us: ${Object.hasOwn(HOW_DID_YOU_FIND_US_LABELS, lead.howDidYouFindUs) ? HOW_DID_YOU_FIND_US_LABELS[lead.howDidYouFindUs as HowDidYouFindUs] : lead.howDidYouFindUs}`
      : undefined,
    lead.subject ? `Subject: ${lead.subject}` : undefined,
    lead.services?.length ? `Services: ${lead.services.join(', ')}` : undefined,
    lead.auditError ? `Audit failed: ${lead.auditError}` : undefined,
    `Received: ${formatTime(lead.createdAt, timeZone)}`,
    '',
    lead.message,
    '',
    `Lead ${lead.id} — ${link}`,
  ];
  return lines.filter((l) => l !== undefined).join('\n');
}

const landing: Lead = {
  id: '6f1c2a9e-0000-4000-8000-000000000001',
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  phone: null,
  message: 'We need a new site for our bakery in Newark.\n\nCan you call me?',
  howDidYouFindUs: 'google-search',
  subject: null,
  services: null,
  source: 'landing',
  urgent: false,
  createdAt: new Date('2026-11-03T14:05:06.789Z'),
};
const audit: Lead = {
  ...landing,
  name: 'Lee Chen',
  email: 'lee@example.org',
  howDidYouFindUs: null,
  subject: 'Free Website Audit Request',
  services: ['Website Audit', 'SEO'],
  source: 'audit',
  message: 'Requested audit for: https://example.org',
};
/** An audit request whose audit could not be run: the team reads why. */
const failedAudit: Lead = {
  ...audit,
  message: 'Requested audit for: https://exmaple.org',
  auditError: 'We could not find that website. Please check the address.',
};
const emergency: Lead = {
  ...landing,
  name: 'Pat Moore',
  email: null,
  phone: '(302) 555-0199',
  howDidYouFindUs: null,
  source: 'emergency',
  urgent: true,
  message: 'Our shop site shows a ransom note.',
};

describe('renderNewLead', () => {
  it.each([
    [landing, 'New lead: Jamie Rivera'],
    [audit, 'New lead: Lee Chen — Free Website Audit Request'],
    [emergency, '[URGENT] New lead: Pat Moore'],
    [{ ...emergency, subject: 'Site down' }, '[URGENT] New lead: Pat Moore — Site down'],
  ])('gives the subject of docs/product.md#lead-delivery (%#)', async (lead, subject) => {
    expect((await renderNewLead(dataOf(lead))).subject).toBe(subject);
  });

  it.each([landing, audit, failedAudit, emergency])('keeps the text the lead email always had (%#)', async (lead) => {
    const { text } = await renderNewLead(dataOf(lead));
    expect(text).toBe(referenceText(lead, dashboardUrl));
  });

  it('says why the audit of an audit request could not be run', async () => {
    const { text, html } = await renderNewLead(dataOf(failedAudit));
    expect(text).toContain('Audit failed: We could not find that website. Please check the address.\n');
    expect(html).toContain('We could not find that website. Please check the address.');
    expect((await renderNewLead(dataOf(audit))).text).not.toContain('Audit failed');
  });

  it('starts with URGENT for urgent leads', async () => {
    const { text } = await renderNewLead(dataOf(emergency));
    expect(text.startsWith('URGENT New lead from the emergency form\n')).toBe(true);
  });

  it('keeps the text for any lead the form can store', async () => {
    const line = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((s) => !/[\r\n]/.test(s));
    const lead = fc.record({
      id: fc.uuid(),
      name: line,
      email: fc.option(fc.emailAddress()),
      phone: fc.option(line),
      message: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }).map((s) => s.replace(/\r\n?/g, '\n')),
      howDidYouFindUs: fc.option(fc.oneof(line, fc.constantFrom(...HOW_DID_YOU_FIND_US))),
      subject: fc.option(line),
      services: fc.option(fc.array(line, { maxLength: 3 })),
      source: fc.constantFrom('landing', 'audit', 'emergency'),
      urgent: fc.boolean(),
      createdAt: fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
    });
    await fc.assert(
      fc.asyncProperty(lead, async (l) => {
        const { text } = await renderNewLead(dataOf(l));
        expect(text).toBe(referenceText(l, dashboardUrl));
      }),
      { numRuns: 150 },
    );
    // 150 renders: more than the default 5 s on a busy machine.
  }, 60_000);

  it("names how they found us by the form's label, the time in the agency's zone, and links to the lead's page", async () => {
    const { text } = await renderNewLead(dataOf(landing));
    expect(text).toContain('How did you find us: Google Search\n');
    expect(text).not.toContain('google-search');
    expect(text).toContain('Received: Nov 3, 2026 at 9:05 AM EST\n');
    expect(text).toContain(`Lead ${landing.id} — ${leadUrl}`);
    const elsewhere = await renderNewLead({ lead: landing, leadUrl, timeZone: 'Europe/Berlin' });
    expect(elsewhere.text).toContain('Received: Nov 3, 2026 at 3:05 PM GMT+1\n');
  });

  it('has an HTML part with the same details, a dashboard link and nothing remote', async () => {
    const { html } = await renderNewLead(dataOf(audit));
    for (const part of ['Lee Chen', 'lee@example.org', 'Free Website Audit Request', 'Website Audit, SEO']) {
      expect(html).toContain(part);
    }
    expect(html).toContain('Nov 3, 2026 at 9:05 AM EST');
    expect(linksOf(html)).toEqual([
      { href: dashboardUrl, text: dashboardUrl },
      { href: dashboardUrl, text: 'Open the lead' },
    ]);
    expectSelfContained(html, [dashboardUrl]);
  });

  it('escapes what the visitor typed in the HTML and keeps it as typed in the text', async () => {
    const script = '<script>alert(1)</script>';
    const quoted = '"Tom & Jerry" <b>';
    const lead = { ...landing, name: script, subject: quoted, message: `${quoted}\n${script}` };
    const email = await renderNewLead(dataOf(lead));
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('&quot;Tom &amp; Jerry&quot; &lt;b&gt;');
    expect(email.html).not.toContain('<script');
    expect(email.html).not.toContain('<b>');
    expect(email.subject).toBe(`New lead: ${script} — ${quoted}`);
    expect(email.text).toBe(referenceText(lead, dashboardUrl));
  });
});
