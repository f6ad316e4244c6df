// @ts-check
/**
 * The settings of the end-to-end test server on `port` (scripts/e2e-server.mjs), shared with the
 * tests that need them: its database, outbox, and the staff sign-in set-up. Google sign-in
 * points at a local OpenID provider on port + 1000, which scripts/e2e-server.mjs starts with the
 * server. A test tells the provider what to answer through a cookie in its own browser context
 * (`oidcAnswerCookie`), so tests running at the same time never see each other's answer.
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

/**
 * What the test OpenID provider answers to one browser's sign-in: the claims it puts in the
 * tokens (email, email_verified), or an error it sends back instead of a code (as Google does on
 * 'Cancel').
 * @typedef {{ claims?: Record<string, unknown>, error?: string }} OidcAnswer
 */

/** Name of the cookie, on the provider's origin, that carries a browser's OidcAnswer. */
export const OIDC_ANSWER_COOKIE = 'e2e_oidc_answer';

/** The cookie (for Playwright's `context.addCookies`) that makes the provider answer `answer`.
 * @param {string} port @param {OidcAnswer} answer */
export function oidcAnswerCookie(port, answer) {
  return {
    name: OIDC_ANSWER_COOKIE,
    value: Buffer.from(JSON.stringify(answer)).toString('base64url'),
    url: `http://127.0.0.1:${oidcPort(port)}`,
  };
}

/** The OidcAnswer in a request's Cookie header; {} without one.
 * @param {string | undefined} cookieHeader @returns {OidcAnswer} */
export function readOidcAnswer(cookieHeader) {
  const value = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === OIDC_ANSWER_COOKIE)?.[1];
  return value ? JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) : {};
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
    SLOTS_RATE_LIMIT: '10000',
    // Request lines are tested by the API's integration tests; the run shows warnings and errors.
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '10000',
    AUDIT_RATE_LIMIT: '10000',
    CHAT_CONVERSATIONS_PER_HOUR: '10000',
    CHAT_MESSAGES_PER_MINUTE: '10000',
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
