import { chromium } from '@playwright/test';
import { openDatabaseAt, staffUser, newSession } from '/work/main/tests/e2e/support/data.ts';
import { E2E_ADMIN_EMAILS } from '/work/main/scripts/e2e-env.mjs';
const { db } = await openDatabaseAt('file:/work/main/test-results/e2e-data-4730/e2e.db');
const user = await staffUser(db, E2E_ADMIN_EMAILS[0]!);
const s = await newSession(db, 'staff', user.id);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shots = (process.argv[2] ?? '').split(',');
const widths = (process.argv[3] ?? '1280').split(',').map(Number);
for (const w of widths) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 } });
  await ctx.addCookies([{ name: 'admin_session', value: s.token, domain: 'localhost', path: '/', httpOnly: true, secure: false, sameSite: 'Lax' }]);
  await ctx.addInitScript(() => localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false })));
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  for (const hash of shots) {
    await page.goto(`http://localhost:4730/admin#${hash}`);
    await page.waitForTimeout(2500);
    if (process.env.SCROLL) await page.evaluate((y) => window.scrollTo(0, y), Number(process.env.SCROLL));
    await page.waitForTimeout(300);
    const name = `/tmp/shots/${hash.replace(/[^a-z0-9]/gi, '_')}-${w}.png`;
    await page.screenshot({ path: name, fullPage: process.argv[4] === 'full' });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
