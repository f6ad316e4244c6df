// @ts-check
/**
 * The server the Playwright tests run against: a build in dist-e2e/ (rebuilt only when the
 * sources change) with the settings of scripts/e2e-env.mjs (an analytics provider at a
 * third-party test origin, staff sign-in through a local OpenID provider), served on port 4322
 * over a fresh database in test-results/.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDataDir, e2eEnv } from './e2e-env.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = process.env.E2E_PORT ?? '4322';
rmSync(e2eDataDir(port), { recursive: true, force: true });
Object.assign(process.env, e2eEnv(port));
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
