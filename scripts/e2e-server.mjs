// @ts-check
/**
 * The server the Playwright tests run against: a build in dist-e2e/ (rebuilt only when the
 * sources change) with the settings of scripts/e2e-env.mjs (an analytics provider at a
 * third-party test origin, staff sign-in through a local OpenID provider), served on port 4322
 * over a fresh database in test-results/, with email replies on (tests/e2e/support/inbound-env.mjs).
 * The OpenID provider runs in this process, as long as the server.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';
import { auditFixtureTls, e2eDataDir, e2eEnv, oidcPort, readOidcAnswer } from './e2e-env.mjs';
import { fixtureCertificate } from './fixture-cert.mjs';
import { E2E_INBOUND } from '../tests/e2e/support/inbound-env.mjs';

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
// Email replies (docs/product.md#email-replies) are on: emails carry reply addresses, and the tests
// post raw replies to POST /api/inbound/email with the secret.
Object.assign(process.env, e2eEnv(port), E2E_INBOUND);

/**
 * The stand-in for Google (oauth2-mock-server). It answers each browser as the cookie of
 * `oidcAnswerCookie` (scripts/e2e-env.mjs) on the authorize request says: the claims are kept
 * with the authorization code and put into the tokens that code buys.
 */
async function startOpenIdProvider() {
  const provider = new OAuth2Server();
  // One fixed signing key (a test-only key, used nowhere else): a server that stays up between
  // runs keeps trusting it instead of waiting out its key-set cache.
  await provider.issuer.keys.add(JSON.parse(readFileSync(join(root, 'tests', 'e2e', 'oidc-test-key.json'), 'utf8')));
  /** @type {Map<string, Record<string, unknown>>} */
  const claimsByCode = new Map();
  provider.service.on('beforeAuthorizeRedirect', (/** @type {{ url: URL }} */ redirect, req) => {
    const answer = readOidcAnswer(req.headers.cookie);
    const code = redirect.url.searchParams.get('code');
    if (answer.error) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', answer.error);
    } else if (code && answer.claims) {
      claimsByCode.set(code, answer.claims);
    }
  });
  provider.service.on('beforeTokenSigning', (/** @type {{ payload: object }} */ token, req) => {
    Object.assign(token.payload, claimsByCode.get(req.body?.code) ?? {});
  });
  provider.service.on('beforeResponse', (_response, req) => claimsByCode.delete(req.body?.code));
  await provider.start(oidcPort(port), '127.0.0.1');
  // The issuer the server expects (OIDC_ISSUER in scripts/e2e-env.mjs).
  provider.issuer.url = `http://127.0.0.1:${oidcPort(port)}`;
}
await startOpenIdProvider();

// Demo data (db/seed.ts), so that a broken seed script stops the run; no test relies on it.
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
