// @ts-check
/**
 * The server the Playwright tests run against: a build in dist-e2e/ (rebuilt only when the
 * sources change) with an analytics provider configured at a third-party test origin, served
 * on port 4322 over a fresh database in test-results/.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = process.env.E2E_PORT ?? '4322';
const dataDir = join(root, 'test-results', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });

Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  SITE_URL: `http://localhost:${port}`,
  DATABASE_URL: `file:${join(dataDir, 'e2e.db')}`,
  OUTBOX_DIR: join(dataDir, 'outbox'),
  LEADS_NOTIFY_TO: 'team@example.com',
  SMTP_URL: '',
  FORM_FORWARD_URL: '',
  // Every test posts from 127.0.0.1; the limit itself is covered by the API integration tests.
  LEAD_RATE_LIMIT: '10000',
  AUTH_RATE_LIMIT: '10000',
  PUBLIC_ANALYTICS_SCRIPT_URL: 'https://analytics.example.net/script.js',
  PUBLIC_ANALYTICS_SITE_ID: 'e2e-site',
});
// Demo data (db/seed.ts): the seeded client signs in in the portal tests.
const seed = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'db', 'seed.ts')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (seed.status !== 0) process.exit(seed.status ?? 1);
process.argv.push('--out-dir', port === '4322' ? 'dist-e2e' : `dist-e2e-${port}`);
await import('./start.mjs');
