/**
 * Invoices (docs/product.md#invoices): staff draft, issue, void and take payments; numbers have no
 * gap and no duplicate; an issued invoice is frozen, even for another process writing the database;
 * money is integer cents computed by the server (tax at 6.25 % here); a client's paying members
 * see issued invoices and their PDF; lists, CSV and the finance summary count what is true.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminEvents, invoices, payments } from '../../db/schema/index.ts';
import { todayIn } from '../../src/server/services/proposals/validity.ts';
import { withStaffApi } from './helpers.ts';
import { call, proposalHelpers } from './proposal-helpers.ts';

const STAFF = 'owner@example.com';
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com', TAX_RATE_BASIS_POINTS: '625' });
const { newClient, signIn, addMember } = proposalHelpers(suite);
const year = () => todayIn('America/New_York').slice(0, 4);

/** Two lines: 3 × $33.33 and 1 × $500.00. */
const ITEMS = [
  { description: 'Content updates', quantity: 3, unitPriceCents: 3_333 },
  { description: 'Landing page', quantity: 1, unitPriceCents: 50_000 },
];

const admin = (method: string, path: string, body?: unknown) => call(suite, method, path, suite.staffToken, body);

/** A draft for `clientId`, its id. */
async function draft(clientId: string, over: Record<string, unknown> = {}) {
  const created = await admin('POST', '/api/admin/invoices', { clientId, items: ITEMS, ...over });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

/** An issued invoice for `clientId`: `{id, number, totalCents}`. */
async function issued(clientId: string, over: Record<string, unknown> = {}) {
  const id = await draft(clientId, over);
  const answer = await admin('POST', `/api/admin/invoices/${id}/issue`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { id, number: answer.body.number as string, totalCents: answer.body.totalCents as number };
}

describe('drafting and issuing', () => {
  it('drafts with the totals computed by the server, tax on its own line rounded half up to the cent', async () => {
    const { clientId } = await newClient('Acme Bakery');
    const created = await admin('POST', '/api/admin/invoices', { clientId, items: ITEMS, notes: 'Thank you!' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), status: 'draft' });
    const one = await admin('GET', `/api/admin/invoices/${created.body.id}`);
    // 3 × 3,333 + 50,000 = 59,999 cents; 6.25 % of it is 3,749.9375 → 3,750.
    expect(one.body).toMatchObject({
      number: null,
      status: 'draft',
      subtotalCents: 59_999,
      taxBasisPoints: 625,
      taxCents: 3_750,
      totalCents: 63_749,
      paidCents: 0,
      balanceCents: 63_749,
      dueDate: null,
      items: [
        { description: 'Content updates', quantity: 3, unitPriceCents: 3_333, amountCents: 9_999 },
        { description: 'Landing page', quantity: 1, unitPriceCents: 50_000, amountCents: 50_000 },
      ],
      client: { business: 'Acme Bakery' },
      notes: 'Thank you!',
      payments: [],
    });
  });

  it('refuses bad lines with their field, a project of another client, and stores nothing', async () => {
    const { clientId } = await newClient('Refusals Ltd');
    const before = (await suite.api.db.read.select().from(invoices)).length;
    const bad = [
      [{ description: 'x', quantity: 1, unitPriceCents: -1 }, 'items.0.unitPriceCents', 'Price cannot be negative'],
      [
        { description: 'x', quantity: 1, unitPriceCents: 10.5 },
        'items.0.unitPriceCents',
        'Price must be a whole number of cents',
      ],
      [{ description: 'x', quantity: 0.5, unitPriceCents: 100 }, 'items.0.quantity', 'Quantity must be a whole number'],
      [{ description: ' ', quantity: 1, unitPriceCents: 100 }, 'items.0.description', 'Description is required'],
    ] as const;
    for (const [item, field, message] of bad) {
      const answer = await admin('POST', '/api/admin/invoices', { clientId, items: [item] });
      expect(answer.status).toBe(422);
      expect(answer.body.error.fields[field]).toBe(message);
    }
    const tooMany = await admin('POST', '/api/admin/invoices', {
      clientId,
      items: Array.from({ length: 101 }, () => ITEMS[0]),
    });
    expect(tooMany.body.error.fields.items).toBe('An invoice has at most 100 line items');
    const other = await newClient('Other Co');
    const project = await admin('POST', '/api/admin/projects', { clientId: other.clientId, title: 'Theirs' });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const foreign = await admin('POST', '/api/admin/invoices', { clientId, projectId: project.body.id, items: ITEMS });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields.projectId).toBe("Choose one of this client's projects");
    const malformed = await suite.api.raw('/api/admin/invoices', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${suite.staffToken}`,
        'content-type': 'application/json',
        origin: 'https://studio.example.com',
      },
      body: '{"clientId":',
    });
    expect(malformed.status).toBe(400);
    expect((await suite.api.db.read.select().from(invoices)).length).toBe(before);
  });

  it('issues the next number of the year, due in 15 days, and freezes it: PUT and DELETE answer 409', async () => {
    const { clientId } = await newClient('Frozen Foods');
    const id = await draft(clientId);
    const answer = await admin('POST', `/api/admin/invoices/${id}/issue`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id,
      number: expect.stringMatching(new RegExp(`^INV-${year()}-\\d{4}$`)),
      status: 'open',
      totalCents: 63_749,
    });
    const one = await admin('GET', `/api/admin/invoices/${id}`);
    const today = todayIn('America/New_York');
    expect(one.body.issuedOn).toBe(today);
    expect(one.body.dueDate > today).toBe(true);
    expect((await admin('PUT', `/api/admin/invoices/${id}`, { clientId, items: ITEMS })).status).toBe(409);
    const deleted = await admin('DELETE', `/api/admin/invoices/${id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.code).toBe('invoice_issued');
    expect((await admin('POST', `/api/admin/invoices/${id}/issue`)).status).toBe(409);
    // The database itself refuses, whichever process writes it.
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: Error & { cause?: unknown }) => String(error.cause ?? error.message),
      );
    expect(
      await refusal(suite.api.db.write((tx) => tx.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, id)))),
    ).toMatch(/issued invoices are immutable/);
    expect(await refusal(suite.api.db.write((tx) => tx.delete(invoices).where(eq(invoices.id, id))))).toMatch(
      /issued invoices are kept/,
    );
    const events = await suite.api.db.read.select().from(adminEvents).where(eq(adminEvents.entityId, id));
    expect(events.map((e) => e.summary)).toContain(`Issued invoice ${answer.body.number} for $637.49`);
  });

  it('gives twenty invoices issued at once twenty consecutive numbers, no gap and no duplicate', async () => {
    const { clientId } = await newClient('Many At Once');
    const ids = await Promise.all(Array.from({ length: 20 }, () => draft(clientId)));
    const answers = await Promise.all(ids.map((id) => admin('POST', `/api/admin/invoices/${id}/issue`)));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const sequences = answers.map((a) => Number((a.body.number as string).slice(-4))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    // And the same draft issued twice at once is issued once.
    const twice = await draft(clientId);
    const both = await Promise.all([1, 2].map(() => admin('POST', `/api/admin/invoices/${twice}/issue`)));
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row] = (await suite.api.db.read.all(
      sql`select max(number_sequence) - min(number_sequence) + 1 - count(*) as n from invoices where kind = 'invoice' and number is not null`,
    )) as { n: number }[];
    expect(row!.n).toBe(0);
  });

  it('deletes a draft (204) and voids an issued invoice with a credit note of its own series', async () => {
    const { clientId } = await newClient('Void Ltd');
    const gone = await draft(clientId);
    expect((await admin('DELETE', `/api/admin/invoices/${gone}`)).status).toBe(204);
    expect((await admin('GET', `/api/admin/invoices/${gone}`)).status).toBe(404);
    const bill = await issued(clientId);
    const voided = await admin('POST', `/api/admin/invoices/${bill.id}/void`, { reason: 'Wrong client' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.invoice).toMatchObject({
      id: bill.id,
      status: 'void',
      balanceCents: 0,
      voidReason: 'Wrong client',
    });
    expect(voided.body.creditNote).toMatchObject({
      kind: 'credit_note',
      number: expect.stringMatching(new RegExp(`^CN-${year()}-\\d{4}$`)),
      totalCents: bill.totalCents,
      creditsInvoiceId: bill.id,
      balanceCents: 0,
    });
    expect(voided.body.invoice.creditNoteId).toBe(voided.body.creditNote.id);
    expect((await admin('POST', `/api/admin/invoices/${bill.id}/void`, {})).body.error.code).toBe('invoice_void');
    expect((await admin('POST', `/api/admin/invoices/${voided.body.creditNote.id}/void`, {})).status).toBe(409);
    // A client with issued invoices is kept: they are accounting records.
    const deleted = await admin('DELETE', `/api/admin/clients/${clientId}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.code).toBe('client_has_invoices');
    const payment = await admin('POST', `/api/admin/invoices/${bill.id}/payments`, {
      amountCents: 100,
      method: 'check',
      receivedOn: '2026-12-01',
    });
    expect(payment.body.error.code).toBe('invoice_void');
  });
});

describe('payments recorded by staff', () => {
  it('moves open → partially paid → paid, refuses more than the balance unless it is credit, and sends receipts', async () => {
    const { clientId, owner } = await newClient('Paying Co');
    const bill = await issued(clientId);
    const pay = (body: Record<string, unknown>) => admin('POST', `/api/admin/invoices/${bill.id}/payments`, body);
    for (const amountCents of [-5, 0, 12.5, '100']) {
      const refused = await pay({ amountCents, method: 'check', receivedOn: '2026-12-01' });
      expect(refused.status).toBe(422);
      expect(refused.body.error.fields.amountCents).toBeTruthy();
    }
    expect((await pay({ amountCents: 100, method: 'crypto', receivedOn: '2026-12-01' })).status).toBe(422);
    const part = await pay({
      amountCents: 20_000,
      method: 'bank_transfer',
      receivedOn: '2026-12-01',
      reference: 'TRX-1',
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.invoice).toMatchObject({
      status: 'partially_paid',
      paidCents: 20_000,
      balanceCents: bill.totalCents - 20_000,
    });
    const tooMuch = await pay({ amountCents: bill.totalCents, method: 'check', receivedOn: '2026-12-02' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.fields.amountCents).toBe(
      `The payment is more than the balance of $437.49. Mark it as credit to keep the rest as the client's credit.`,
    );
    const rest = await pay({ amountCents: 50_000, method: 'check', receivedOn: '2026-12-02', asCredit: true });
    expect(rest.status).toBe(201);
    expect(rest.body.invoice).toMatchObject({ status: 'paid', paidCents: bill.totalCents, balanceCents: 0 });
    expect(rest.body.payment).toMatchObject({ amountCents: 50_000, creditCents: 50_000 - (bill.totalCents - 20_000) });
    expect((await pay({ amountCents: 1, method: 'check', receivedOn: '2026-12-02' })).body.error.code).toBe(
      'invoice_paid',
    );
    const balance = await admin('GET', `/api/admin/clients/${clientId}/balance`);
    expect(balance.body).toEqual({
      balanceCents: 0,
      overdueCents: 0,
      creditCents: 50_000 - (bill.totalCents - 20_000),
    });
    await suite.api.deliver();
    const receipts = suite.api.outbox().filter((m) => m.includes(`To: ${owner.email}`) && m.includes('Receipt for'));
    expect(receipts.length).toBe(2);
  });

  it('records two payments sent at once on one balance without losing either', async () => {
    const { clientId } = await newClient('Concurrent Pay');
    const bill = await issued(clientId);
    const both = await Promise.all(
      [1, 2].map((n) =>
        admin('POST', `/api/admin/invoices/${bill.id}/payments`, {
          amountCents: 10_000,
          method: 'check',
          receivedOn: '2026-12-01',
          reference: `CHK-${n}`,
        }),
      ),
    );
    expect(both.map((a) => a.status)).toEqual([201, 201]);
    const one = await admin('GET', `/api/admin/invoices/${bill.id}`);
    expect(one.body).toMatchObject({ paidCents: 20_000, status: 'partially_paid' });
    expect(one.body.payments).toHaveLength(2);
  });
});

describe('the client side', () => {
  it('shows owner and billing members the issued invoices, never a draft; a member gets 403, another client 404', async () => {
    const { clientId, owner } = await newClient('Portal Pay');
    const ownerToken = await signIn(owner.email);
    const hidden = await draft(clientId);
    const bill = await issued(clientId);
    const list = await call(suite, 'GET', '/api/client/invoices', ownerToken);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      items: [
        {
          id: bill.id,
          number: bill.number,
          status: 'open',
          totalCents: bill.totalCents,
          balanceCents: bill.totalCents,
        },
      ],
      balanceCents: bill.totalCents,
      stripeEnabled: false,
      paymentInstructions: expect.stringContaining('bank transfer'),
      plan: null,
    });
    expect(list.body.items[0]).not.toHaveProperty('createdByName');
    expect((await call(suite, 'GET', `/api/client/invoices/${hidden}`, ownerToken)).status).toBe(404);
    const pdf = await call(suite, 'GET', `/api/client/invoices/${bill.id}/pdf`, ownerToken);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(pdf.body as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const billing = await addMember(ownerToken, 'Bo Keeper', `bo-${Date.now()}@portalpay.example`, 'billing');
    expect((await call(suite, 'GET', `/api/client/invoices/${bill.id}`, billing)).body).toMatchObject({
      number: bill.number,
      payments: [],
    });
    const member = await addMember(ownerToken, 'Mo Member', `mo-${Date.now()}@portalpay.example`, 'member');
    const refused = await call(suite, 'GET', '/api/client/invoices', member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden_role');
    const stranger = await newClient('Stranger');
    const strangerToken = await signIn(stranger.owner.email);
    expect((await call(suite, 'GET', `/api/client/invoices/${bill.id}`, strangerToken)).status).toBe(404);
    expect((await call(suite, 'GET', `/api/client/invoices/${bill.id}/pdf`, strangerToken)).status).toBe(404);
    // Without Stripe, "Pay now" is not offered: 404.
    expect((await call(suite, 'POST', `/api/client/invoices/${bill.id}/checkout`, ownerToken)).status).toBe(404);
    // The issue email reached the owner with a sign-in link to the invoice.
    await suite.api.deliver();
    const mail = suite.api
      .outbox()
      .find((m) => m.includes(`To: ${owner.email}`) && m.includes(`Invoice ${bill.number}`));
    expect(mail).toBeTruthy();
  });
});

describe('lists, CSV and the finance summary', () => {
  it('filters by status (overdue derived), searches by number or client, and exports formula-safe CSV', async () => {
    const { clientId } = await newClient('=HYPERLINK("http://evil")');
    const late = await issued(clientId, { dueDate: '2026-01-15' });
    const open = await issued(clientId);
    const overdue = await admin('GET', `/api/admin/invoices?status=overdue&clientId=${clientId}`);
    expect(overdue.body.items.map((i: { id: string }) => i.id)).toEqual([late.id]);
    expect(overdue.body.items[0].overdue).toBe(true);
    const byNumber = await admin('GET', `/api/admin/invoices?q=${open.number}`);
    expect(byNumber.body).toMatchObject({ total: 1, items: [{ id: open.id }] });
    const byClient = await admin('GET', `/api/admin/invoices?q=hyperlink&sort=number.asc`);
    expect(byClient.body.items.map((i: { number: string }) => i.number)).toEqual([late.number, open.number]);
    expect((await admin('GET', '/api/admin/invoices?status=late')).status).toBe(422);
    const csv = await suite.api.raw(`/api/admin/invoices?format=csv&clientId=${clientId}`, {
      headers: { authorization: `Bearer ${suite.staffToken}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'number,kind,status,client,issuedOn,dueDate,subtotal,tax,total,paid,balance,credits,id',
    );
    expect(text).toContain(`'=HYPERLINK`);
    expect(text).toContain(`${late.number},invoice,open,`);
    expect(text).toContain(',599.99,37.50,637.49,0.00,637.49,');
    await admin('POST', `/api/admin/invoices/${open.id}/payments`, {
      amountCents: 1_000,
      method: 'cash',
      receivedOn: todayIn('America/New_York'),
      reference: '@SUM(A1)',
    });
    const paymentsCsv = await (
      await suite.api.raw(`/api/admin/invoices?format=payments-csv&clientId=${clientId}`, {
        headers: { authorization: `Bearer ${suite.staffToken}` },
      })
    ).text();
    expect(paymentsCsv).toContain(`,payment,10.00,0.00,cash,'@SUM(A1),${open.number},`);
  });

  it('counts outstanding, overdue, paid this month and the last 12 months', async () => {
    const before = (await admin('GET', '/api/admin/finance/summary')).body;
    expect(before.months).toHaveLength(12);
    // The rate in force, for the editor's live total.
    expect(before.taxBasisPoints).toBe(625);
    const { clientId } = await newClient('Summary Co');
    const late = await issued(clientId, { dueDate: '2026-01-15' });
    await issued(clientId);
    await admin('POST', `/api/admin/invoices/${late.id}/payments`, {
      amountCents: 10_000,
      method: 'check',
      receivedOn: todayIn('America/New_York'),
    });
    const after = (await admin('GET', '/api/admin/finance/summary')).body;
    expect(after.outstandingCents - before.outstandingCents).toBe(2 * 63_749 - 10_000);
    expect(after.overdueCents - before.overdueCents).toBe(63_749 - 10_000);
    expect(after.paidThisMonthCents - before.paidThisMonthCents).toBe(10_000);
    const thisMonth = todayIn('America/New_York').slice(0, 7);
    expect(after.months.at(-1).month).toBe(thisMonth);
    expect(after.months.at(-1).paidCents - before.months.at(-1).paidCents).toBe(10_000);
    const paymentRows = await suite.api.db.read.select().from(payments).where(eq(payments.invoiceId, late.id));
    expect(paymentRows).toHaveLength(1);
  });
});
