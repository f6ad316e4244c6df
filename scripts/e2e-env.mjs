// @ts-check
/**
 * The settings of the end-to-end test server on `port` (scripts/e2e-server.mjs), shared with the
 * tests that need them: its database, outbox, and the staff sign-in set-up. Google sign-in
 * points at a local OpenID provider on port + 1000, which the admin sign-in test starts itself.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The blog editor's password in the tests. */
export const E2E_BLOG_PASSWORD = 'e2e blog editor password';

/** Staff emails allowed into the dashboard in the tests. */
export const E2E_ADMIN_EMAILS = ['owner@agency.example', 'staff@agency.example'];

/** @param {string} port */
export function oidcPort(port) {
  return Number(port) + 1000;
}

/** @param {string} port */
export function e2eDataDir(port) {
  return join(root, 'test-results', `e2e-data-${port}`);
}

/** Where the audit fixture site's key and self-signed certificate are written. @param {string} port */
export function auditFixtureTls(port) {
  const dir = e2eDataDir(port);
  return { key: join(dir, 'audit-fixture-key.pem'), cert: join(dir, 'audit-fixture-cert.pem') };
}

/** @param {string} port @returns {Record<string, string>} */
export function e2eEnv(port) {
  const dataDir = e2eDataDir(port);
  const issuer = `http://127.0.0.1:${oidcPort(port)}`;
  return {
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
    AUDIT_RATE_LIMIT: '10000',
    PUBLIC_ANALYTICS_SCRIPT_URL: 'https://analytics.example.net/script.js',
    PUBLIC_ANALYTICS_SITE_ID: 'e2e-site',
    GOOGLE_CLIENT_ID: 'agency-admin',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    ADMIN_EMAILS: E2E_ADMIN_EMAILS.join(','),
    OIDC_AUTHORIZATION_ENDPOINT: `${issuer}/authorize`,
    OIDC_TOKEN_ENDPOINT: `${issuer}/token`,
    OIDC_JWKS_URI: `${issuer}/jwks`,
    OIDC_ISSUER: issuer,
    BLOG_ADMIN_PASSWORD: E2E_BLOG_PASSWORD,
    // The audit may reach the fixture sites the audit tests start on loopback (tests only),
    // and trusts their self-signed certificate.
    NODE_ENV: 'test',
    AUDIT_ALLOW_LOOPBACK: 'true',
    NODE_EXTRA_CA_CERTS: auditFixtureTls(port).cert,
  };
}
