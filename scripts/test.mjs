// @ts-check
/**
 * `npm test`: everything CI checks, in order, stopping at the first failing step:
 * Chromium present (installed with apt-get when missing and running as root), typecheck
 * (`astro check`), lint (ESLint, Prettier and knip), unit and integration tests (Vitest), end-to-end
 * and accessibility tests (Playwright against the built server, in E2E_SHARDS shards run one after
 * another, 3 by default: each starts its own server on a fresh database, so a shard's failure
 * names a third of the suite and a stuck server costs one shard). Ends with one line
 * `tests: N passed, N failed` summed over Vitest and every Playwright shard.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** @param {string} name */
const bin = (name) => join(root, 'node_modules', '.bin', name);
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.CI ? '0' : '1' };

/** @param {string} title @param {string} command @param {string[]} args */
function run(title, command, args) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${title} failed after ${seconds}s`);
    summary();
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is needed for the end-to-end tests and was not found at ${CHROMIUM}.\n` +
        'Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH to another Chromium binary)',
    );
    process.exit(1);
  }
  console.log('Chromium not found: installing it with apt-get…');
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(CHROMIUM)) {
    console.error('Installing Chromium failed. Install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
}

/** @param {string} file @returns {{passed: number, failed: number} | null} */
function counts(file) {
  const path = join(root, 'test-results', file);
  if (!existsSync(path)) return null;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  if (file.startsWith('vitest')) {
    return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
  }
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}

/** How many shards the end-to-end run is split into (E2E_SHARDS, default 3). */
const SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 3) || 3);
/** @param {number} shard */
const shardReport = (shard) => `playwright-${shard}.json`;

function summary() {
  const reports = ['vitest.json', ...Array.from({ length: SHARDS }, (_, i) => shardReport(i + 1))];
  const parts = reports.map(counts).filter((c) => c !== null);
  if (parts.length === 0) return;
  const passed = parts.reduce((n, c) => n + c.passed, 0);
  const failed = parts.reduce((n, c) => n + c.failed, 0);
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
}

mkdirSync(join(root, 'test-results'), { recursive: true });
for (const file of [
  'vitest.json',
  'playwright.json',
  ...Array.from({ length: SHARDS }, (_, i) => shardReport(i + 1)),
]) {
  const path = join(root, 'test-results', file);
  if (existsSync(path)) spawnSync('rm', ['-f', path]);
}

ensureChromium();
run('Typecheck (astro check)', bin('astro'), ['check']);
run('Lint (ESLint)', bin('eslint'), ['.', '--max-warnings=0']);
run('Format (Prettier)', bin('prettier'), ['--check', '.', '--log-level=warn']);
run('Unused files, exports and dependencies (knip)', bin('knip'), []);
run('Unit and integration tests (Vitest)', bin('vitest'), ['run']);
for (let shard = 1; shard <= SHARDS; shard++) {
  env.E2E_REPORT = shardReport(shard);
  run(`End-to-end and accessibility tests (Playwright, shard ${shard} of ${SHARDS})`, bin('playwright'), [
    'test',
    `--shard=${shard}/${SHARDS}`,
  ]);
}
summary();
