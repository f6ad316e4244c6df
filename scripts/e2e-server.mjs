// @ts-check
/**
 * The server the Playwright tests run against: a build in dist-e2e/ (rebuilt only when the
 * sources change) with the settings of scripts/e2e-env.mjs (an analytics provider at a
 * third-party test origin, staff sign-in through a local OpenID provider), served on port 4322
 * over a fresh database in test-results/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditFixtureTls, e2eDataDir, e2eEnv } from './e2e-env.mjs';
import { fixtureCertificate } from './fixture-cert.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = process.env.E2E_PORT ?? '4322';
rmSync(e2eDataDir(port), { recursive: true, force: true });
// The audit tests' HTTPS fixture site uses this certificate, which the server must trust from
// its start (NODE_EXTRA_CA_CERTS is read once, when a process starts).
const tls = auditFixtureTls(port);
const pems = await fixtureCertificate();
mkdirSync(e2eDataDir(port), { recursive: true });
writeFileSync(tls.key, pems.key);
writeFileSync(tls.cert, pems.cert);
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
