// @ts-check
/**
 * `npm run bench:pages`: builds the site (dist-bench/), serves it on port 4350 over a throw-away
 * database, runs Lighthouse (mobile form factor, simulated throttling, the defaults) in Debian's
 * Chromium on every public page (the sitemap's; `BENCH_PAGES=/,/blog` for some), and prints one
 * row per page: the four category scores, LCP (ms), TBT (ms), CLS, and JavaScript transferred
 * (compressed bytes), each the median of BENCH_RUNS runs (default 5, as Lighthouse's guidance on
 * variability advises: one run's TBT varies by tens of ms), with every run's TBT and a verdict per
 * page. Targets (docs/product.md#performance): 100 in every category; LCP at most 1,200 ms and TBT
 * at most 10 ms; CLS 0; under 100 KB of JavaScript on /; no JavaScript on the pages without
 * islands. This is a measurement, not a test: it always exits 0 unless it cannot run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 4350);
const base = `http://localhost:${port}`;
/**
 * Every public page: the sitemap's, read from the running server, so a new page is measured
 * without touching this file.
 * @returns {Promise<string[]>}
 */
async function sitemapPaths() {
  /** @param {string} path */
  const locs = async (path) => {
    const response = await fetch(`${base}${path}`);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
  };
  const paths = (await Promise.all((await locs('/sitemap-index.xml')).map(locs))).flat();
  return paths.sort();
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--out-dir', 'dist-bench'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
    OUTBOX_DIR: join(dataDir, 'outbox'),
    // Request lines would bury the table; warnings and errors still show.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start within 120 s');
}

/** The page targets (docs/product.md#performance), in milliseconds. */
const LCP_TARGET_MS = 1200;
const TBT_TARGET_MS = 10;
/** Lighthouse runs per page (BENCH_RUNS, default 5); the table shows each metric's median. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

/** @param {number | null | undefined} score */
const pct = (score) => (score == null ? '–' : String(Math.round(score * 100)));

try {
  await waitForServer();
  const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : await sitemapPaths();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  /** @type {Record<string, string | number>[]} */
  const rows = [];
  try {
    for (const path of pages) {
      /** @type {Record<string, number>[]} */
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { categories, audits } = result.lhr;
        const items = /** @type {{ resourceType: string, transferSize: number }[]} */ (
          /** @type {any} */ (audits['resource-summary']?.details)?.items ?? []
        );
        runs.push({
          performance: categories.performance?.score ?? 0,
          accessibility: categories.accessibility?.score ?? 0,
          'best-practices': categories['best-practices']?.score ?? 0,
          seo: categories.seo?.score ?? 0,
          lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: audits['total-blocking-time']?.numericValue ?? 0,
          cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
          js: items.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
        });
      }
      /** The median of one metric over the runs. @param {string} key */
      const median = (key) => {
        const values = runs.map((r) => r[key] ?? 0).sort((x, y) => x - y);
        return values[Math.floor(values.length / 2)] ?? 0;
      };
      rows.push({
        page: path,
        performance: pct(median('performance')),
        accessibility: pct(median('accessibility')),
        'best-practices': pct(median('best-practices')),
        seo: pct(median('seo')),
        'LCP ms': Math.round(median('lcp')),
        'TBT ms': Math.round(median('tbt')),
        'TBT runs': runs.map((r) => Math.round(r.tbt ?? 0)).join('/'),
        CLS: median('cls').toFixed(3),
        'JS bytes': median('js'),
      });
      const row = rows[rows.length - 1] ?? {};
      const allHundred = ['performance', 'accessibility', 'best-practices', 'seo'].every((c) => row[c] === '100');
      row.verdict =
        allHundred &&
        Number(row['LCP ms']) <= LCP_TARGET_MS &&
        Number(row['TBT ms']) <= TBT_TARGET_MS &&
        row.CLS === '0.000'
          ? 'meets'
          : 'misses';
      process.stdout.write(`measured ${path}\n`);
    }
  } finally {
    chrome.kill();
  }
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\nLighthouse (mobile, simulated throttling) on ${base}, median of ${RUNS} runs per page\n`);
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c]))));
  const missed = rows.filter((row) => row.verdict !== 'meets').map((row) => row.page);
  console.log(
    missed.length === 0
      ? `\nAll ${rows.length} pages meet the targets.`
      : `\n${missed.length} of ${rows.length} pages miss a target: ${missed.join(', ')}`,
  );
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
