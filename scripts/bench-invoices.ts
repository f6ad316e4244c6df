/**
 * `npm run bench:invoices [-- --runs 20 --rate 50 --seconds 20]`: what billing costs
 * (docs/product.md#invoices, docs/product.md#payments, docs/decisions/0043-invoices-and-payments.md),
 * in one process on a throw-away database:
 *
 *   1. rendering an invoice's PDF (`renderInvoicePdf`): 5 lines with tax, and 120 lines (several
 *      pages), median and worst of `--runs` renders after 2 warm-ups;
 *   2. the Stripe webhook (`POST /api/webhooks/stripe`) at `--rate` deliveries a second for
 *      `--seconds`, sent on a fixed schedule whatever the answers (open loop): each a signed
 *      `payment_intent.succeeded` for one of the issued invoices, a third of them delivered again
 *      (Stripe's retries), so both the recording write and the duplicate's are in the mix.
 *      Latency is from the moment a delivery was due to its answer, p50, p99 and worst; and what
 *      the database holds afterwards (one payment per payment intent).
 *
 * The requests go to the app in this process (no network): the figures are the server's work and
 * the event loop's queueing. A measurement, not a test: it exits 0 unless it cannot run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { invoices, payments } from '../db/schema/index.ts';
import { createApp } from '../src/server/app.ts';
import { assembleProcess } from '../src/server/assembly.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/database.ts';
import { parseEnv } from '../src/server/env/index.ts';
import { insertClient } from '../src/server/services/clients/clients.ts';
import { renderInvoicePdf, type InvoicePdfInput } from '../src/server/services/invoices/invoice-pdf.ts';
import { createSignInLink } from '../src/server/services/sign-in/sign-in-links.ts';
import { invoiceLineCents, invoiceTotals } from '../src/shared/invoices.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
  },
});
const runs = Math.max(3, Number(values.runs) || 20);
const rate = Math.max(1, Number(values.rate) || 50);
const seconds = Math.max(1, Number(values.seconds) || 20);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const percentile = (xs: number[], p: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

/** An invoice of `lines` lines at 6.25 % tax. */
function pdfInput(lines: number): InvoicePdfInput {
  const items = Array.from({ length: lines }, (_, i) => {
    const item = {
      description: `Line ${i + 1}: design, build and content updates for the spring menu`,
      quantity: 1 + (i % 3),
      unitPriceCents: 12_500 + i,
    };
    return { ...item, amountCents: invoiceLineCents(item) };
  });
  const totals = invoiceTotals(items, 625);
  return {
    kind: 'invoice',
    number: 'INV-2026-0042',
    issuedOn: '2026-12-02',
    dueDate: '2026-12-17',
    client: {
      name: 'Dana Reyes',
      company: 'Brandywine Bakery',
      email: 'dana@bakery.example',
      address: '12 Market St\nWilmington, DE 19801',
    },
    items,
    ...totals,
    taxBasisPoints: 625,
    paidCents: 0,
    balanceCents: totals.totalCents,
    statusLabel: 'Open',
    notes: 'Thank you for your business.',
    howToPay: 'Bank transfer or check to First State Web Studio LLC.',
    creditFor: null,
  };
}

async function timeRenders(lines: number) {
  const input = pdfInput(lines);
  for (let i = 0; i < 2; i++) await renderInvoicePdf(input);
  const times: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    pdf = await renderInvoicePdf(input);
    times.push(performance.now() - started);
  }
  return { times, pages: pages(pdf) };
}

const small = await timeRenders(5);
const large = await timeRenders(120);

const SECRET = 'whsec_bench';
const dir = mkdtempSync(join(tmpdir(), 'bench-invoices-'));
const env = parseEnv({
  NODE_ENV: 'production',
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  OUTBOX_DIR: join(dir, 'outbox'),
  UPLOADS_DIR: join(dir, 'uploads'),
  ADMIN_EMAILS: 'bench-staff@bench.example',
  SITE_URL: 'http://localhost:4321',
  AUTH_RATE_LIMIT: '100000',
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_WEBHOOK_SECRET: SECRET,
});
const db = await openDatabase(env.DATABASE_URL);
await migrateDatabase(db, join(root, 'db', 'migrations'));
const parts = await assembleProcess(env, { db });
const app = createApp(parts.deps());
const origin = new URL(env.SITE_URL).origin;
const stripe = new Stripe('sk_test_bench');

try {
  const link = await createSignInLink(db, 'bench-staff@bench.example');
  const signedIn = await app.request(
    '/api/admin/auth/link',
    { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ token: link }) },
    { clientAddress: '198.51.100.5' },
  );
  const staff = decodeURIComponent(/admin_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '');
  const post = async (path: string, body: unknown) => {
    const response = await app.request(
      path,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      },
      { clientAddress: '198.51.100.5' },
    );
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const client = await insertClient(db, {
    name: 'Bench Owner',
    email: 'owner@bench.example',
    company: 'Bench Co',
    passwordHash: null,
  });
  const total = rate * seconds;
  const fresh = Math.ceil((total * 2) / 3);
  const ids: string[] = [];
  for (let i = 0; i < fresh; i++) {
    const { id } = await post('/api/admin/invoices', {
      clientId: client.id,
      items: [{ description: 'Care plan', quantity: 1, unitPriceCents: 9_900 }],
    });
    await post(`/api/admin/invoices/${id}/issue`, {});
    ids.push(id);
  }
  // Fresh deliveries, and a third again (Stripe's retries of the same event).
  const deliveries = ids.map((invoiceId, i) => {
    const payload = JSON.stringify({
      id: `evt_bench_${i}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: { id: `pi_bench_${i}`, object: 'payment_intent', amount_received: 9_900, metadata: { invoiceId } },
      },
    });
    return { payload };
  });
  const schedule = [...deliveries];
  for (let i = 0; schedule.length < total; i += 2) schedule.push(deliveries[i % deliveries.length]!);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const start = performance.now() + 50;
  await Promise.all(
    schedule.map(
      ({ payload }, n) =>
        new Promise<void>((done) => {
          const due = start + (n * 1000) / rate;
          setTimeout(
            async () => {
              const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
              const response = await app.request(
                '/api/webhooks/stripe',
                {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', 'stripe-signature': signature },
                  body: payload,
                },
                { clientAddress: '203.0.113.9' },
              );
              await response.arrayBuffer();
              latencies.push(performance.now() - due);
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              done();
            },
            Math.max(0, due - performance.now()),
          );
        }),
    ),
  );
  const [recorded] = await db.read.select({ n: count() }).from(payments);
  const [paid] = await db.read.select({ n: count() }).from(invoices).where(eq(invoices.status, 'paid'));
  const rows: [string, string][] = [
    [
      `render a 5-line invoice PDF (${small.pages} page), median ms (${runs} runs)`,
      percentile(small.times, 50).toFixed(0),
    ],
    ['render a 5-line invoice PDF, worst ms', Math.max(...small.times).toFixed(0)],
    [`render a 120-line invoice PDF (${large.pages} pages), median ms`, percentile(large.times, 50).toFixed(0)],
    ['render a 120-line invoice PDF, worst ms', Math.max(...large.times).toFixed(0)],
    [
      `webhook at ${rate}/s for ${seconds} s: deliveries (answers)`,
      `${schedule.length} (${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')})`,
    ],
    ['webhook latency p50 ms', percentile(latencies, 50).toFixed(1)],
    ['webhook latency p99 ms', percentile(latencies, 99).toFixed(1)],
    ['webhook latency worst ms', Math.max(...latencies).toFixed(1)],
    [
      'payments recorded / payment intents sent / invoices paid',
      `${recorded?.n ?? 0} / ${deliveries.length} / ${paid?.n ?? 0}`,
    ],
  ];
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c]!.length), ['figure', 'value'][c]!.length));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  process.stdout.write(
    `\nInvoices and payments\n\n${line(['figure', 'value'])}\n${line(widths.map((w) => '-'.repeat(w)))}\n`,
  );
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await parts.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
