import { test, expect, presetConsent } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
});

test('the terminal types at 100 ms per character and pauses 2 s between commands', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install({ time: new Date('2026-11-20T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-20T10:00:01Z'));
  await page.goto('/');
  const terminal = page.locator('[data-terminal-output]');
  await expect(terminal).toHaveText('$ ');
  await page.clock.runFor(100);
  await expect(terminal).toHaveText('$ n');
  await page.clock.runFor(500);
  await expect(terminal).toHaveText('$ npm cr');
  // The first command has 35 characters: typed by 3.5 s, still shown during the 2 s pause.
  await page.clock.runFor(2900);
  await expect(terminal).toHaveText('$ npm create astro@latest client-site');
  await page.clock.runFor(1900);
  await expect(terminal).toHaveText('$ npm create astro@latest client-site');
  await page.clock.runFor(100);
  await expect(terminal).toHaveText('$ npm create astro@latest client-site\n$ ');
  await page.clock.runFor(100);
  await expect(terminal).toHaveText('$ npm create astro@latest client-site\n$ n');
});

test('the terminal is shown only on large screens; the canvas draws 8 code lines', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.locator('[data-terminal-output]')).toBeHidden();
  await expect(page.locator('canvas[data-code-canvas]')).toHaveAttribute('data-lines', '8');
  await expect(page.locator('canvas[data-code-canvas]')).toHaveAttribute('aria-hidden', 'true');
});

test('the tree starts growing once it is in view', async ({ page }) => {
  await page.goto('/');
  const tree = page.locator('[data-tree]');
  await page.waitForTimeout(700);
  await expect(tree).not.toHaveClass(/is-growing/);
  await tree.scrollIntoViewIfNeeded();
  await expect(tree).toHaveClass(/is-growing/);
});

test('decorations stand still when the visitor prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.locator('[data-terminal-output]')).toContainText('$ git push origin main');
  await expect(page.locator('[data-tree]')).toHaveClass(/is-growing/);
  const animation = await page.locator('.terminal-cursor').evaluate((el) => getComputedStyle(el).animationName);
  expect(animation).toBe('none');
});

test('decorations never take clicks or shift the layout', async ({ page }) => {
  await page.goto('/');
  const canvasEvents = await page
    .locator('canvas[data-code-canvas]')
    .evaluate((el) => getComputedStyle(el).pointerEvents);
  expect(canvasEvents).toBe('none');
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 2500);
      }),
  );
  expect(shift).toBe(0);
});
