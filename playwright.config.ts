import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the built server (DESIGN.md section 3, convention 8), in Debian's
 * Chromium: Playwright's own browser download is not used.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Port of the test server; another port gives a separate build, database and results folder. */
const port = process.env.E2E_PORT ?? '4322';
export const E2E_URL = `http://localhost:${port}`;
const results = port === '4322' ? 'test-results' : `test-results/e2e-${port}`;

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
/** The spec files that set the staff's chat presence for the whole server (tests/e2e/support/visitor.ts). */
const SHARED_PRESENCE = /chat(-reach)?\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `${results}/playwright`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: {
    timeout: 7_000,
    // Screenshot comparisons (tests/e2e/visual.spec.ts): a pixel counts as different past a colour
    // distance of 0.2, and up to 1 % of pixels may differ, which absorbs font anti-aliasing but not
    // a moved, wrapped or missing element.
    toHaveScreenshot: { threshold: 0.2, maxDiffPixelRatio: 0.01, animations: 'disabled', scale: 'css' },
  },
  // Committed baselines, one folder, named by the test (`npm run test:visual:update` rewrites them).
  snapshotPathTemplate: '{testDir}/screenshots/{arg}{ext}',
  // CI compares against what is committed and never writes a missing baseline.
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  // One report per run; `npm test` runs the suite in shards one after another, each with its own
  // report file (E2E_REPORT), and sums them.
  reporter: [['list'], ['json', { outputFile: `${results}/${process.env.E2E_REPORT ?? 'playwright.json'}` }]],
  use: {
    baseURL: E2E_URL,
    // Decorations stand still (as for visitors who ask for it), which keeps software rendering
    // cheap and scrolling instant; tests about motion turn it back on.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...DESKTOP },
      grepInvert: /@phone/,
      testIgnore: SHARED_PRESENCE,
    },
    // Whether a person is on chat is one state of the whole server, which these files set (nobody
    // online, everyone back): one of them at a time, beside the other files.
    { name: 'desktop-chat', use: { ...DESKTOP }, grepInvert: /@phone/, testMatch: SHARED_PRESENCE, workers: 1 },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_URL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
