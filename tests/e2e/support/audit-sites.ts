/**
 * The website audit's fixture sites (tests/fixtures/audit-sites.ts) for a Playwright test file:
 * started before its tests with the certificate the test server trusts, stopped after them
 * (scripts/e2e-env.mjs lets the test server reach loopback and trust that certificate).
 */
import { readFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { auditFixtureTls } from '../../../scripts/e2e-env.mjs';
import { startAuditSites, type AuditSites } from '../../fixtures/audit-sites.ts';
import { E2E_PORT } from './data.ts';

/**
 * Registers the file's beforeAll and afterAll hooks; returns a getter for the sites, which is
 * valid inside the file's tests and throws before the sites have started.
 */
export function useAuditSites(): () => AuditSites {
  const tls = auditFixtureTls(E2E_PORT);
  let sites: AuditSites | undefined;
  test.beforeAll(async () => {
    sites = await startAuditSites({ key: readFileSync(tls.key, 'utf8'), cert: readFileSync(tls.cert, 'utf8') });
  });
  test.afterAll(async () => {
    await sites?.close();
  });
  return () => {
    if (!sites) throw new Error('The audit fixture sites have not started');
    return sites;
  };
}
