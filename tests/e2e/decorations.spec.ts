import type { Page } from '@playwright/test';
import { test, expect, presetConsent } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
});

/**
 * Moves the paused clock on 1 ms at a time until the decorations have started (once the browser is
 * idle after the first paint; the canvas then says how many lines it draws), so that the steps after
 * it count from their start.
 */
async function runUntilDecorationsStart(page: Page): Promise<void> {
  const canvas = page.locator('canvas[data-code-canvas]');
  for (let ms = 0; ms < 2000; ms++) {
    if (await canvas.getAttribute('data-lines')) return;
    await page.clock.runFor(1);
  }
  throw new Error('The decorations did not start within 2 s');
}

test('the terminal types at 100 ms per character and pauses 2 s between commands', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install({ time: new Date('2026-11-20T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-20T10:00:01Z'));
  await page.goto('/');
  const terminal = page.locator('[data-terminal-output]');
  await runUntilDecorationsStart(page);
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
  await page.clock.install({ time: new Date('2026-11-20T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-20T10:00:01Z'));
  await page.goto('/');
  const tree = page.locator('[data-tree]');
  await runUntilDecorationsStart(page);
  // Past its 500 ms start delay, a tree below the fold still waits.
  await page.clock.runFor(600);
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

type ShiftWindow = Window & {
  layoutShifts: string[];
  recordShifts: (entries: PerformanceEntryList) => void;
  shiftObserver: PerformanceObserver;
};

test('decorations never take clicks or shift the layout', async ({ page }) => {
  // Every layout shift from the start of the page, with the elements that moved.
  await page.addInitScript(() => {
    const win = window as unknown as ShiftWindow;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] };
    win.layoutShifts = [];
    win.recordShifts = (entries) => {
      for (const entry of entries as Shift[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
        );
        win.layoutShifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes.join(' | ')}`);
      }
    };
    win.shiftObserver = new PerformanceObserver((list) => win.recordShifts(list.getEntries()));
    win.shiftObserver.observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  const canvasEvents = await page
    .locator('canvas[data-code-canvas]')
    .evaluate((el) => getComputedStyle(el).pointerEvents);
  expect(canvasEvents).toBe('none');
  // The page has done what moves at first: the islands shown at load have hydrated and the
  // terminal has typed part of its first command.
  await expect(page.locator('astro-island[client="idle"][ssr], astro-island[client="load"][ssr]')).toHaveCount(0);
  await expect(page.locator('[data-terminal-output]')).toContainText('$ npm create astro');
  const shifts = await page.evaluate(async () => {
    const win = window as unknown as ShiftWindow;
    // After the next frame is drawn, every shift so far has been recorded.
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
    );
    win.recordShifts(win.shiftObserver.takeRecords());
    return win.layoutShifts;
  });
  expect(shifts).toEqual([]);
});
