/**
 * `npm run bench:proposals [-- --runs 20]`: what signing costs (docs/product.md#agreements,
 * docs/decisions/0042-proposals-and-agreements.md), in one process on a throw-away database:
 *
 *   1. rendering an agreement's PDF (`renderAgreementPdf`): a 5-page one (a short proposal, an
 *      abridged terms text) and the agreement the product makes (the whole Terms of Service),
 *      median and worst of `--runs` renders after 2 warm-ups, with their pages and bytes;
 *   2. a whole signature through the API (`POST /api/client/proposals/{id}/accept`: the write, the
 *      project, then the PDF stored and emailed), median of 5;
 *   3. `POST /api/agreements/verify` of the PDF that signature issued (valid), and of a 5 MB PDF
 *      (that PDF padded with a comment to 5 MB, so not one we issued: the same hashing of every
 *      byte and the same look-up), median and worst of `--runs`.
 *
 * A measurement, not a test: it exits 0 unless it cannot run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app.ts';
import { assembleProcess } from '../src/server/assembly.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/database.ts';
import { parseEnv } from '../src/server/env/index.ts';
import { insertClient } from '../src/server/services/clients/clients.ts';
import { hashPassword } from '../src/server/services/sign-in/passwords.ts';
import { createSession } from '../src/server/services/sign-in/sessions.ts';
import { renderAgreementPdf } from '../src/server/services/proposals/agreement-pdf.ts';
import { offeredDocument, signedDocument } from '../src/server/services/proposals/documents.ts';
import { currentTerms } from '../src/server/services/proposals/terms.ts';
import { daysFromToday } from '../src/server/services/proposals/validity.ts';
import { createSignInLink } from '../src/server/services/sign-in/sign-in-links.ts';
import type { ProposalItem } from '../src/shared/proposals.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Math.max(3, Number(values.runs) || 20);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const worst = (xs: number[]) => Math.max(...xs);
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

const items: ProposalItem[] = [
  {
    description: 'Discovery, sitemap and wireframes',
    quantity: 1,
    unitPriceCents: 60_000,
    recurring: null,
    optional: false,
  },
  {
    description: 'Design of five pages, two rounds of revisions',
    quantity: 5,
    unitPriceCents: 24_000,
    recurring: null,
    optional: false,
  },
  {
    description: 'WordPress build, forms and SEO set-up',
    quantity: 1,
    unitPriceCents: 150_000,
    recurring: null,
    optional: false,
  },
  { description: 'Logo refresh', quantity: 1, unitPriceCents: 45_000, recurring: null, optional: true },
  {
    description: 'The $99 monthly plan (hosting, care, 1 year commitment)',
    quantity: 1,
    unitPriceCents: 9_900,
    recurring: 'monthly',
    optional: true,
  },
];
const intro = [
  '## What we will build',
  '',
  'A fast, accessible website for **Brandywine Bakery**, with online ordering and a menu the team can edit.',
  '',
  '- Five pages, designed for your brand',
  '- Hosting, backups and security updates',
  '- Training for two people',
].join('\n');

/** An agreement's PDF input for `termsText`. */
function pdfInput(termsText: string) {
  const terms = { ...currentTerms(root), text: termsText };
  const offered = offeredDocument({
    proposalId: 'bench-proposal',
    version: 1,
    title: 'Brandywine Bakery website',
    intro,
    items,
    discountCents: 10_000,
    depositPercent: 50,
    validUntil: '2026-12-31',
    extraTerms: 'Launch within six weeks of the deposit.',
    client: { business: 'Brandywine Bakery', name: 'Dana Reyes', email: 'dana@brandywine.example' },
    terms,
    sentAt: new Date('2026-12-01T15:00:00Z'),
    siteUrl: 'https://firststatewebstudio.com',
  });
  const signed = signedDocument(offered.json, [3, 4]);
  return {
    agreementId: '3f2a9c1e-7b4d-4e8f-9a6b-1c2d3e4f5a6b',
    document: signed.document,
    documentHash: signed.hash,
    signers: [
      {
        name: 'Dana Reyes',
        email: 'dana@brandywine.example',
        role: 'owner',
        signedAt: '2026-12-02T14:05:00.000Z',
        ipAddress: '198.51.100.23',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
        consentVersion: 'esign-2026-12',
        signatureSvg:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><path d="M10 70 C 40 10, 60 10, 80 60 S 120 90, 150 40 L 200 60"/></svg>',
      },
    ],
    timeZone: 'America/New_York',
    verifyUrl: 'https://firststatewebstudio.com/verify',
  };
}

async function timeRenders(termsText: string) {
  const input = pdfInput(termsText);
  for (let i = 0; i < 2; i++) await renderAgreementPdf(input);
  const times: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    pdf = await renderAgreementPdf(input);
    times.push(performance.now() - started);
  }
  return { times, pages: pages(pdf), bytes: pdf.length };
}

const fullTerms = currentTerms(root).text;
// The Terms cut at a section boundary so that the whole agreement fills 5 pages.
const sections = fullTerms.split(/\n(?=## )/);
let fiveTerms = sections.slice(0, 1).join('\n');
for (let n = 1; n <= sections.length; n++) {
  const candidate = sections.slice(0, n).join('\n');
  const rendered = await renderAgreementPdf(pdfInput(candidate));
  if (pages(rendered) > 5) break;
  fiveTerms = candidate;
}
const five = await timeRenders(fiveTerms);
const full = await timeRenders(fullTerms);

// 2 and 3: through the API, in this process.
const dir = mkdtempSync(join(tmpdir(), 'bench-proposals-'));
const env = parseEnv({
  NODE_ENV: 'production',
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  OUTBOX_DIR: join(dir, 'outbox'),
  UPLOADS_DIR: join(dir, 'uploads'),
  ADMIN_EMAILS: 'bench-staff@bench.example',
  SITE_URL: 'http://localhost:4321',
  AUTH_RATE_LIMIT: '100000',
});
const db = await openDatabase(env.DATABASE_URL);
await migrateDatabase(db, join(root, 'db', 'migrations'));
const parts = await assembleProcess(env, { db });
const app = createApp(parts.deps());
const origin = new URL(env.SITE_URL).origin;
const request = (path: string, init: RequestInit, clientAddress = '198.51.100.5') =>
  app.request(path, init, { clientAddress });
const json = async (path: string, token: string, body?: unknown, method = 'POST') => {
  const response = await request(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.headers.get('content-type')?.includes('json') ? response.json() : response.arrayBuffer();
};

try {
  const link = await createSignInLink(db, 'bench-staff@bench.example');
  const signedIn = await request('/api/admin/auth/link', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ token: link }),
  });
  const staff = decodeURIComponent(/admin_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '');
  const signatures: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < 5; i++) {
    const client = await insertClient(db, {
      name: `Bench Owner ${i}`,
      email: `owner-${i}@bench.example`,
      company: 'Brandywine Bakery',
      passwordHash: await hashPassword('bench-password-1'),
    });
    const { token } = await createSession(db, 'client', client.owner.id);
    const { id } = (await json('/api/admin/proposals', staff, {
      clientId: client.id,
      title: 'Brandywine Bakery website',
      intro,
      items,
      discountCents: 10_000,
      depositPercent: 50,
      validUntil: daysFromToday(env.SITE_TIME_ZONE, 30),
    })) as { id: string };
    await json(`/api/admin/proposals/${id}/send`, staff);
    const opened = (await json(`/api/client/proposals/${id}`, token, undefined, 'GET')) as { documentHash: string };
    const started = performance.now();
    const { agreementId } = (await json(`/api/client/proposals/${id}/accept`, token, {
      signerName: `Bench Owner ${i}`,
      consent: true,
      documentHash: opened.documentHash,
      optionalItems: [3, 4],
    })) as { agreementId: string };
    signatures.push(performance.now() - started);
    pdf = Buffer.from((await json(`/api/agreements/${agreementId}/pdf`, token, undefined, 'GET')) as ArrayBuffer);
  }

  // Each check from an address of its own, so the check's rate limit (30 per address) never answers.
  let checks = 0;
  const verify = async (bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'agreement.pdf');
    const started = performance.now();
    const response = await request(
      '/api/agreements/verify',
      { method: 'POST', body: form },
      `203.0.113.${++checks % 250}`,
    );
    if (!response.ok) throw new Error(`/verify answered ${response.status}: ${await response.text()}`);
    const answer = (await response.json()) as { valid: boolean };
    return { ms: performance.now() - started, valid: answer.valid, status: response.status };
  };
  const big = Buffer.concat([pdf, Buffer.from(`\n%${'x'.repeat(5 * 1024 * 1024 - pdf.length - 2)}`)]);
  const validTimes: number[] = [];
  const bigTimes: number[] = [];
  let validAnswer = false;
  let bigAnswer = true;
  for (let i = 0; i < runs; i++) {
    const small = await verify(pdf);
    validTimes.push(small.ms);
    validAnswer = small.valid;
    const large = await verify(big);
    bigTimes.push(large.ms);
    bigAnswer = large.valid;
  }

  const rows: [string, string][] = [
    [
      `render a ${five.pages}-page agreement PDF (${Math.round(five.bytes / 1024)} KB), median ms`,
      median(five.times).toFixed(0),
    ],
    [`render a ${five.pages}-page agreement PDF, worst ms (${runs} runs)`, worst(five.times).toFixed(0)],
    [
      `render the full agreement, ${full.pages} pages (${Math.round(full.bytes / 1024)} KB), median ms`,
      median(full.times).toFixed(0),
    ],
    [`render the full agreement, worst ms (${runs} runs)`, worst(full.times).toFixed(0)],
    ['sign through the API (write, project, PDF stored and emailed), median ms (5)', median(signatures).toFixed(0)],
    [
      `/verify, the issued PDF (${Math.round(pdf.length / 1024)} KB, valid: ${validAnswer}), median ms`,
      median(validTimes).toFixed(1),
    ],
    [`/verify, the issued PDF, worst ms (${runs} runs)`, worst(validTimes).toFixed(1)],
    [`/verify, a 5 MB PDF (valid: ${bigAnswer}), median ms`, median(bigTimes).toFixed(1)],
    [`/verify, a 5 MB PDF, worst ms (${runs} runs)`, worst(bigTimes).toFixed(1)],
  ];
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c]!.length), ['figure', 'value'][c]!.length));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  process.stdout.write(
    `\nProposals and agreements\n\n${line(['figure', 'value'])}\n${line(widths.map((w) => '-'.repeat(w)))}\n`,
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
