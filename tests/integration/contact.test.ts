import { count, eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions } from '../../db/schema/index.ts';
import { expectConsoleErrors } from '../setup/console.ts';
import { createTestApi, errorOf, invalidBody, type ApiClient, type TestApi } from './helpers.ts';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ env: { FORM_FORWARD_URL: 'https://forms.example.com/hook' } });
});
afterAll(async () => {
  await api.close();
});

const landing = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  message: 'We need a new site for our bakery in Newark.',
  howDidYouFindUs: 'google-search',
} as const;

async function leadCount(): Promise<number> {
  const [row] = await api.db.read.select({ n: count() }).from(contactSubmissions);
  return row?.n ?? 0;
}

type LeadBody = InferRequestType<ApiClient['contact']['$post']>['json'];

/** Sends a lead from a new address. */
function sendLead(json: LeadBody) {
  return api.fresh().contact.$post({ json });
}

describe('POST /api/contact stores valid leads', () => {
  it('stores a landing-form lead and answers 201 with its id', async () => {
    const response = await sendLead(landing);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ ...landing, source: 'landing', urgent: false, subject: null, services: null });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('stores an audit request with subject, services and source audit', async () => {
    const audit = {
      name: 'Lee Chen',
      email: 'lee@example.org',
      subject: 'Free Website Audit Request',
      message: 'Requested audit for: https://example.org',
      services: ['Website Audit'],
    };
    const response = await sendLead(audit);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ ...audit, source: 'audit', howDidYouFindUs: null });
  });

  it('stores an emergency lead as urgent, with a phone number or an email', async () => {
    const byPhone = await sendLead({
      source: 'emergency',
      name: 'Pat Moore',
      contact: '(302) 555-0199',
      message: 'Our shop site shows a ransom note.',
    });
    expect(byPhone.status).toBe(201);
    const phoneLead = (await byPhone.json()) as { id: string };
    const [phoneRow] = await api.db.read
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, phoneLead.id));
    expect(phoneRow).toMatchObject({ source: 'emergency', urgent: true, phone: '(302) 555-0199', email: null });

    const byEmail = await sendLead({
      source: 'emergency',
      name: 'Pat Moore',
      contact: 'pat@example.com',
      message: 'Site is down.',
    });
    const emailLead = (await byEmail.json()) as { id: string };
    const [emailRow] = await api.db.read
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, emailLead.id));
    expect(emailRow).toMatchObject({ urgent: true, email: 'pat@example.com', phone: null });
  });

  it('emails the team and forwards the lead after storing it', async () => {
    await api.tasks.drain();
    await api.deliver(); // the emails of the leads stored by the tests above
    const before = api.outbox().length;
    const forwardedBefore = api.forwarded.length;
    const response = await sendLead({ ...landing, name: 'Mail Check' });
    expect(response.status).toBe(201);
    await api.tasks.drain();
    expect(await api.deliver()).toBe(1);
    const mails = api.outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.includes('Subject: New lead: Mail Check'));
    expect(mail).toContain('To: team@example.com');
    expect(mail).toContain('Reply-To: jamie@example.com');
    // A plain-text part (docs/product.md#lead-delivery) and its HTML alternative.
    expect(mail).toContain('Content-Type: multipart/alternative');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('New lead from the landing form');
    expect(api.forwarded.slice(forwardedBefore)).toEqual([
      {
        url: 'https://forms.example.com/hook',
        body: expect.objectContaining({ name: 'Mail Check', 'How did you find us': 'google-search' }),
      },
    ]);
  });
});

describe('POST /api/contact refuses bad input and stores nothing', () => {
  const invalid: [string, unknown, string, string][] = [
    ['a missing name', { ...landing, name: undefined }, 'name', 'Name is required'],
    ['a blank name', { ...landing, name: '   ' }, 'name', 'Name is required'],
    [
      'a name over 100 characters',
      { ...landing, name: 'x'.repeat(101) },
      'name',
      'Name must be at most 100 characters',
    ],
    ['an invalid email', { ...landing, email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['a missing message', { ...landing, message: '' }, 'message', 'Message is required'],
    [
      'a message over 5,000 characters',
      { ...landing, message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5,000 characters',
    ],
    [
      'a missing how-found answer',
      { ...landing, howDidYouFindUs: undefined },
      'howDidYouFindUs',
      'Please tell us how you found us',
    ],
    [
      'an unknown how-found answer',
      { ...landing, howDidYouFindUs: 'tv' },
      'howDidYouFindUs',
      'Please tell us how you found us',
    ],
    [
      'an audit subject over 200 characters',
      { name: 'A B', email: 'a@example.com', subject: 's'.repeat(201), message: 'm', services: ['Website Audit'] },
      'subject',
      'Subject must be at most 200 characters',
    ],
    [
      'an emergency contact that is neither email nor phone',
      { source: 'emergency', name: 'A B', contact: 'call me', message: 'help' },
      'contact',
      'Enter a valid email address or phone number',
    ],
  ];

  it.each(invalid)('answers 422 for %s, naming the field', async (_label, body, field, message) => {
    const before = await leadCount();
    const response = await sendLead(invalidBody<LeadBody>(body));
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid_fields');
    expect(error.fields?.[field]).toBe(message);
    expect(await leadCount()).toBe(before);
  });

  it('names every invalid field at once', async () => {
    const response = await sendLead(invalidBody<LeadBody>({}));
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'howDidYouFindUs', 'message', 'name']);
  });

  it('answers 400 for malformed JSON', async () => {
    const before = await leadCount();
    // Raw: the typed client cannot send malformed JSON.
    const response = await api.raw(
      '/api/contact',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": "A",' },
      api.nextAddress(),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('bad_request');
    expect(await leadCount()).toBe(before);
  });

  it('answers 422 for a JSON body that is not an object', async () => {
    const response = await sendLead(invalidBody<LeadBody>([1, 2, 3]));
    expect(response.status).toBe(422);
  });

  it('answers 415 for a body that is not JSON', async () => {
    // Raw: the typed client sends JSON only.
    const response = await api.raw(
      '/api/contact',
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name=A' },
      api.nextAddress(),
    );
    expect(response.status).toBe(415);
  });

  it('answers 413 for a body over 64 KB', async () => {
    const before = await leadCount();
    const response = await sendLead({ ...landing, message: 'x'.repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('payload_too_large');
    expect(await leadCount()).toBe(before);
  });

  it('answers 201 to a filled honeypot and stores nothing', async () => {
    const before = await leadCount();
    const response = await sendLead({ ...landing, fax: '555-1234' });
    expect(response.status).toBe(201);
    expect((await response.json()) as { id: string }).toHaveProperty('id');
    expect(await leadCount()).toBe(before);
  });

  it('answers 201 to a form sent faster than a person can fill it and stores nothing', async () => {
    const before = await leadCount();
    const response = await sendLead({ ...landing, startedAt: Date.now() - 200 });
    expect(response.status).toBe(201);
    expect(await leadCount()).toBe(before);
  });

  it('keeps an emergency request sent too fast as suspected spam: not urgent, not emailed, not forwarded', async () => {
    const forwardsBefore = api.forwarded.length;
    const emergency = {
      source: 'emergency',
      name: 'Dana Fox',
      contact: 'dana@example.com',
      message: 'Our site shows a casino page since this morning.',
    } as const;
    for (const bot of [{ startedAt: Date.now() - 300 }, { fax: 'filled' }]) {
      const response = await sendLead({ ...emergency, ...bot });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const [row] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
      expect(row).toMatchObject({ source: 'emergency', suspectedSpam: true, urgent: false, email: 'dana@example.com' });
    }
    expect(await api.deliver()).toBe(0);
    expect(api.outbox().filter((mail) => mail.includes('Dana Fox'))).toEqual([]);
    expect(api.forwarded.length).toBe(forwardsBefore);
    // The same request at a person's pace is urgent and emailed.
    const person = await sendLead({ ...emergency, startedAt: Date.now() - 20_000 });
    const { id } = (await person.json()) as { id: string };
    const [row] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ suspectedSpam: false, urgent: true });
    expect(await api.deliver()).toBe(1);
    expect(api.outbox().filter((mail) => mail.includes('Dana Fox'))).toHaveLength(1);
  });

  it('stores a form that took a person-like time to fill', async () => {
    const before = await leadCount();
    const response = await sendLead({ ...landing, startedAt: Date.now() - 20_000 });
    expect(response.status).toBe(201);
    expect(await leadCount()).toBe(before + 1);
  });
});

describe('POST /api/contact rate limit', () => {
  it('answers 429 with Retry-After to the sixth lead in 10 minutes from one address', async () => {
    const from = api.as('192.0.2.77');
    for (let i = 0; i < 5; i++) {
      expect((await from.contact.$post({ json: landing })).status).toBe(201);
    }
    const before = await leadCount();
    const response = await from.contact.$post({ json: landing });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await errorOf(response)).code).toBe('rate_limited');
    expect(await leadCount()).toBe(before);
    expect((await api.as('192.0.2.78').contact.$post({ json: landing })).status).toBe(201);
  });
});

describe('notification failures never lose the lead', () => {
  it('stores the lead and answers 201 when the forward fails', async () => {
    const failing = await createTestApi({
      env: { FORM_FORWARD_URL: 'https://forms.example.com/hook', LEADS_NOTIFY_TO: '' },
      fetch: async () => {
        throw new Error('connection refused');
      },
    });
    const errors = expectConsoleErrors();
    try {
      const response = await failing.http.contact.$post({ json: landing });
      expect(response.status).toBe(201);
      await failing.tasks.drain();
      const [row] = await failing.db.read.select({ n: count() }).from(contactSubmissions);
      expect(row?.n).toBe(1);
      expect(errors.map((args) => args.join(' ')).join('\n')).toContain('lead forward failed');
    } finally {
      await failing.close();
    }
  });
});
