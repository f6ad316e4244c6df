/**
 * Proposals (docs/product.md#proposals): staff draft, send and revise; totals are the server's, in
 * integer cents; a sent proposal is frozen; bad input is refused with the limit it broke.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminEvents, contactSubmissions, proposals } from '../../db/schema/index.ts';
import { withStaffApi } from './helpers.ts';
import { call, proposalBody, proposalHelpers } from './proposal-helpers.ts';

const STAFF = 'owner@example.com';
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com' });
const { newClient, signIn, draft, send } = proposalHelpers(suite);

describe('proposals for staff', () => {
  it('drafts a proposal for a client, with totals computed by the server in cents', async () => {
    const { clientId } = await newClient('Acme Bakery');
    const before = (await call(suite, 'GET', '/api/admin/summary', suite.staffToken)).body.totalProposals as number;
    const created = await call(suite, 'POST', '/api/admin/proposals', suite.staffToken, proposalBody({ clientId }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), status: 'draft' });
    const one = await call(suite, 'GET', `/api/admin/proposals/${created.body.id}`, suite.staffToken);
    expect(one.body).toMatchObject({
      status: 'draft',
      version: 1,
      recipient: { kind: 'client', business: 'Acme Bakery' },
      // 2 × $1,200 + $300, less the $200 discount; the optional add-on is not counted; 50 % deposit.
      totals: { oneOffCents: 250_000, monthlyCents: 9_900, depositCents: 125_000 },
      termsVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
      documentHash: null,
    });
    const list = await call(suite, 'GET', `/api/admin/proposals?clientId=${clientId}`, suite.staffToken);
    expect(list.body).toMatchObject({ total: 1, nextCursor: null, items: [{ id: created.body.id, status: 'draft' }] });
    // The dashboard's tab counts it (GET /api/admin/summary).
    expect((await call(suite, 'GET', '/api/admin/summary', suite.staffToken)).body.totalProposals).toBe(before + 1);
  });

  it('refuses negative and fractional prices, too many lines and a day already past, storing nothing', async () => {
    const { clientId } = await newClient('Refusals Ltd');
    const before = (await suite.api.db.read.select().from(proposals)).length;
    const negative = proposalBody({ clientId });
    negative.items[0]!.unitPriceCents = -100;
    const fractional = proposalBody({ clientId });
    fractional.items[0]!.unitPriceCents = 1999.5;
    const huge = proposalBody({ clientId });
    huge.items = Array.from({ length: 10_000 }, (_, i) => ({
      description: `Line ${i}`,
      quantity: 1,
      unitPriceCents: 100,
      recurring: null,
      optional: false,
    }));
    const past = proposalBody({ clientId, validUntil: '2020-01-01' });
    const answers = await Promise.all(
      [negative, fractional, huge, past].map((body) =>
        call(suite, 'POST', '/api/admin/proposals', suite.staffToken, body),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422]);
    expect(answers[0]!.body.error.fields['items.0.unitPriceCents']).toBe('Price cannot be negative');
    expect(answers[1]!.body.error.fields['items.0.unitPriceCents']).toBe('Price must be a whole number of cents');
    expect(answers[2]!.body.error.fields.items).toBe('A proposal has at most 100 line items');
    expect(answers[3]!.body.error.fields.validUntil).toBe('The valid-until date must be today or later');
    expect((await suite.api.db.read.select().from(proposals)).length).toBe(before);
    // A malformed body is a 400, never a 500.
    const malformed = await suite.api.raw('/api/admin/proposals', {
      method: 'POST',
      headers: { authorization: `Bearer ${suite.staffToken}`, 'content-type': 'application/json' },
      body: '{"title": ',
    });
    expect(malformed.status).toBe(400);
  });

  it('sends a proposal, emails a sign-in link to the owner, and freezes it: a change is a new version', async () => {
    const { clientId, owner } = await newClient('Frozen Co');
    const id = await draft({ clientId });
    const sent = await send(id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'sent', documentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await suite.api.deliver();
    const mail = suite.api.outbox().find((m) => m.includes(`To: ${owner.email}`) && m.includes('Proposal from'));
    expect(mail).toBeDefined();
    expect(mail).toContain('Review the proposal');

    const changed = await call(
      suite,
      'PUT',
      `/api/admin/proposals/${id}`,
      suite.staffToken,
      proposalBody({ clientId, title: 'Changed' }),
    );
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('proposal_sent');
    const again = await send(id);
    expect(again.status).toBe(409);

    const revised = await call(suite, 'POST', `/api/admin/proposals/${id}/revise`, suite.staffToken);
    expect(revised.status).toBe(201);
    expect(revised.body).toMatchObject({ status: 'draft', version: 2 });
    const edited = await call(
      suite,
      'PUT',
      `/api/admin/proposals/${revised.body.id}`,
      suite.staffToken,
      proposalBody({ clientId, title: 'Website, version 2' }),
    );
    expect(edited.status).toBe(200);
    expect((await send(revised.body.id)).status).toBe(200);
    const first = await call(suite, 'GET', `/api/admin/proposals/${id}`, suite.staffToken);
    expect(first.body).toMatchObject({ status: 'withdrawn', replacedById: revised.body.id });

    // The client's list shows the current version only; the old one says it was replaced.
    const token = await signIn(owner.email);
    const mine = await call(suite, 'GET', '/api/client/proposals', token);
    expect(mine.body.items.map((p: { id: string }) => p.id)).toEqual([revised.body.id]);
  });

  it('writes a proposal for a lead: sending invites the lead as a new client owner, landing on the proposal', async () => {
    const email = `lead-${Date.now()}@example.com`;
    const [lead] = await suite.api.db.write((tx) =>
      tx
        .insert(contactSubmissions)
        .values({ name: 'Lee Lead', email, message: 'We need a website', source: 'landing' })
        .returning(),
    );
    const id = await draft({ leadId: lead!.id });
    const sent = await send(id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.recipient).toMatchObject({ kind: 'client', name: 'Lee Lead', email });
    const [linked] = await suite.api.db.read
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, lead!.id));
    expect(linked).toMatchObject({ clientId: sent.body.clientId, status: 'contacted' });
    await suite.api.deliver();
    const mail = suite.api
      .outbox()
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((m) => m.includes(`To: ${email}`));
    const token = /welcome#token=([\w-]+)/.exec(mail ?? '')?.[1];
    expect(token).toBeDefined();
    const described = await call(suite, 'POST', '/api/client/password-link', undefined, { token });
    expect(described.body).toMatchObject({
      state: 'usable',
      purpose: 'invitation',
      redirectPath: `/portal/proposals/${id}`,
    });
    const events = await suite.api.db.read
      .select()
      .from(adminEvents)
      .where(eq(adminEvents.entityId, sent.body.clientId));
    expect(events.map((e) => e.summary)).toContain('Invited lead Lee Lead to the portal with a proposal');
  });

  it('refuses a lead without an email, and one whose email is already a member’s', async () => {
    const [noEmail] = await suite.api.db.write((tx) =>
      tx
        .insert(contactSubmissions)
        .values({ name: 'Phone Only', phone: '+13025550100', message: 'Call me', source: 'emergency' })
        .returning(),
    );
    const refused = await call(
      suite,
      'POST',
      '/api/admin/proposals',
      suite.staffToken,
      proposalBody({ leadId: noEmail!.id }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.leadId).toBe('This lead has no email to invite');
    const { owner } = await newClient('Taken Email Inc');
    const [taken] = await suite.api.db.write((tx) =>
      tx
        .insert(contactSubmissions)
        .values({ name: 'Same Person', email: owner.email, message: 'Hi again', source: 'landing' })
        .returning(),
    );
    const conflict = await call(
      suite,
      'POST',
      '/api/admin/proposals',
      suite.staffToken,
      proposalBody({ leadId: taken!.id }),
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('email_taken');
  });

  it('withdraws a sent proposal, after which the client can no longer sign it', async () => {
    const { clientId, owner } = await newClient('Withdrawn Co');
    const id = await draft({ clientId });
    await send(id);
    const token = await signIn(owner.email);
    const opened = await call(suite, 'GET', `/api/client/proposals/${id}`, token);
    const withdrawn = await call(suite, 'POST', `/api/admin/proposals/${id}/withdraw`, suite.staffToken);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    const accept = await call(suite, 'POST', `/api/client/proposals/${id}/accept`, token, {
      signerName: owner.name,
      consent: true,
      documentHash: opened.body.documentHash,
      optionalItems: [],
    });
    expect(accept.status).toBe(409);
    expect(accept.body.error.code).toBe('proposal_withdrawn');
  });

  it('duplicates any proposal as a new draft and deletes only drafts', async () => {
    const { clientId } = await newClient('Copies Co');
    const id = await draft({ clientId });
    await send(id);
    const copy = await call(suite, 'POST', `/api/admin/proposals/${id}/duplicate`, suite.staffToken);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ status: 'draft', version: 1 });
    expect((await call(suite, 'DELETE', `/api/admin/proposals/${id}`, suite.staffToken)).status).toBe(409);
    expect((await call(suite, 'DELETE', `/api/admin/proposals/${copy.body.id}`, suite.staffToken)).status).toBe(204);
  });

  it('lists the pricing page’s packages as templates and saves one of staff’s own', async () => {
    const templates = await call(suite, 'GET', '/api/admin/proposal-templates', suite.staffToken);
    expect(templates.body.items.slice(0, 2)).toMatchObject([
      {
        id: 'builtin:one-page',
        name: 'One-Page Design',
        builtIn: true,
        items: [{ unitPriceCents: 9_900 }, { recurring: 'monthly', optional: true }],
      },
      {
        id: 'builtin:wordpress',
        name: 'Custom WordPress Website',
        builtIn: true,
        items: [{ unitPriceCents: 50_000 }, { unitPriceCents: 9_900 }],
      },
    ]);
    const { clientId: _clientId, validUntil: _validUntil, ...content } = proposalBody({ clientId: 'x' });
    const saved = await call(suite, 'POST', '/api/admin/proposal-templates', suite.staffToken, {
      ...content,
      name: 'Shop build',
    });
    expect(saved.status).toBe(201);
    const twice = await call(suite, 'POST', '/api/admin/proposal-templates', suite.staffToken, {
      ...content,
      name: 'Shop build',
    });
    expect(twice.status).toBe(409);
    expect(
      (await call(suite, 'DELETE', '/api/admin/proposal-templates/builtin:one-page', suite.staffToken)).status,
    ).toBe(409);
    expect(
      (await call(suite, 'DELETE', `/api/admin/proposal-templates/${saved.body.id}`, suite.staffToken)).status,
    ).toBe(204);
  });
});
