import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_BLOG_PASSWORD } from '../../scripts/e2e-env.mjs';
import { test, expect, expectNoAxeViolations, holdToasts, presetConsent, waitForIsland } from './fixtures.ts';

/** The blog editor: a gate checked on the server, then the editor. */
const ROOT = join(import.meta.dirname, '..', '..');

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // A wrong password answers 401, which Chromium logs.
  allowPageErrors(/status of 401/);
});

const toasts = (page: Page) => page.getByRole('region', { name: /Notification/ });

async function openGate(page: Page) {
  await page.goto('/blog-admin');
  await waitForIsland(page, 'blog-admin');
  await expect(page.getByRole('heading', { name: 'Blog Admin Access' })).toBeVisible();
}

async function unlock(page: Page) {
  await openGate(page);
  await page.getByLabel('Password').fill(E2E_BLOG_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Blog editor' })).toBeVisible();
}

test('a wrong password is refused with Access Denied; nothing secret is in the page files', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
  });
  await openGate(page);
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(toasts(page)).toContainText('Access Denied');
  await expect(toasts(page)).toContainText('Invalid password');
  await expect(page.getByRole('heading', { name: 'Blog editor' })).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((s) => s.includes(E2E_BLOG_PASSWORD))).toBe(false);
  expect(await page.content()).not.toContain(E2E_BLOG_PASSWORD);
});

test('Access Denied goes away once the right password unlocks the editor', async ({ page }) => {
  await openGate(page);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(toasts(page)).toContainText('Access Denied');
  await holdToasts(page);
  await page.getByLabel('Password').fill(E2E_BLOG_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Blog editor' })).toBeVisible();
  await expect(toasts(page).getByText('Access Denied')).toHaveCount(0);
});

test("the editor's categories are the blog's filters, one for one", async ({ page }) => {
  await unlock(page);
  const offered = await page.getByLabel('Category').locator('option').allTextContents();
  expect(offered).toEqual(['Design', 'Development', 'Business', 'Marketing', 'Security']);
  await page.goto('/blog');
  const filters = await page.getByRole('group', { name: 'Filter by category' }).getByRole('button').allTextContents();
  expect(filters.filter((name) => name !== 'All')).toEqual(offered);
});

test('signed-in staff pass the gate without the password', async ({ staffPage: page }) => {
  await page.goto('/blog-admin');
  await expect(page.getByRole('heading', { name: 'Blog editor' })).toBeVisible();
});

test('from unlock to a generated file that the site builds and renders', async ({ page, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await unlock(page);
  await expect(page.getByLabel('Author')).toHaveValue('First State Web Studio Team');
  await expect(page.getByLabel('Read Time')).toHaveValue('5 min read');

  const title = `Fast Pages for Busy Owners ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  const excerpt = page.getByLabel('Excerpt');
  await excerpt.fill('x'.repeat(161));
  await expect(page.getByText('161/160')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Code' }).click();
  await expect(page.getByText('Enter an excerpt of at most 160 characters')).toBeVisible();
  await expect(page.getByText('Add at least one tag')).toBeVisible();
  await expectNoAxeViolations(page);
  const summary = 'Three checks that make a small business site load fast on phones.';
  await excerpt.fill(summary);
  await expect(page.getByText(`${summary.length}/160`)).toBeVisible();
  await page
    .getByLabel('Content')
    .fill('## Images first\n\nCompress every photo {always} and keep <5 fonts.\n\n### Formats\n\n- WebP\n- AVIF');
  await page.getByLabel('Category').selectOption('Marketing');

  // Tags: Enter or the button; trimmed, unique, removable.
  const tags = page.getByLabel('Tags', { exact: true });
  await tags.fill('  Speed  ');
  await tags.press('Enter');
  await tags.fill('speed');
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('That tag is already there')).toBeVisible();
  await tags.fill('Hosting');
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await tags.fill('Temporary');
  await tags.press('Enter');
  await page.getByRole('button', { name: 'Remove tag Temporary' }).click();
  await expect(page.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveText(['Speed', 'Hosting']);
  await page.getByRole('switch').check();

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('article', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Images first' })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 3, name: 'Formats' })).toBeVisible();
  await expect(preview.getByRole('listitem').filter({ hasText: 'WebP' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Edit' }).click();

  await page.getByRole('button', { name: 'Generate Code' }).click();
  await expect(toasts(page)).toContainText('Code Copied!');
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  await expect(toasts(page)).toContainText(`src/content/blog/${slug}.mdx`);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`title: ${title}`);
  expect(copied).toContain('featured: true');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`${slug}.mdx`);
  const mdx = readFileSync((await file.path())!, 'utf8');
  expect(mdx).toBe(copied);
  await expectNoAxeViolations(page);

  // The file, saved into a temporary copy of the site, builds and renders as a post.
  const copy = mkdtempSync(join(tmpdir(), 'blog-build-'));
  try {
    for (const entry of [
      'src',
      'public',
      'db/schema',
      'db/migrations',
      'scripts',
      'astro.config.mjs',
      'tsconfig.json',
      'package.json',
    ]) {
      cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    }
    // Packages are linked one by one, so the copy's build caches (node_modules/.astro, .vite) stay its own.
    mkdirSync(join(copy, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name !== '.astro' && name !== '.vite')
        symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
    }
    writeFileSync(join(copy, 'src', 'content', 'blog', `${slug}.mdx`), mdx);
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
      cwd: copy,
      stdio: 'pipe',
      env: { ...process.env, SITE_URL: 'http://localhost:4321' },
    });
    const page = join(copy, 'dist', 'client', 'blog', slug, 'index.html');
    expect(existsSync(page)).toBe(true);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain(title);
    expect(html).toMatch(/<h2[^>]*>Images first<\/h2>/);
    expect(html).toContain('Compress every photo {always} and keep &lt;5 fonts.');
    expect(readFileSync(join(copy, 'dist', 'client', 'blog', 'index.html'), 'utf8')).toContain(title);
    // Featured, and the newest post: it leads the home page's featured articles.
    const home = readFileSync(join(copy, 'dist', 'client', 'index.html'), 'utf8');
    const featured = home.slice(home.indexOf('id="featured-articles"'));
    expect(featured.indexOf(title)).toBeGreaterThan(0);
    expect(featured.match(/aria-label="Read Article: /g)).toHaveLength(3);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('the editor fits a phone and passes axe @phone', async ({ page }) => {
  await unlock(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});

test('the preview of a draft made of one long word each fits a phone @phone', async ({ page }) => {
  await unlock(page);
  await page.getByLabel('Title').fill('Supercalifragilistic'.repeat(4));
  await page.getByLabel('Excerpt').fill('Longword'.repeat(19));
  await page.getByLabel('Content').fill(`## ${'Heading'.repeat(12)}\n\n${'https://example.com/'.repeat(8)}`);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('article', { name: 'Preview' });
  await expect(preview.getByText('Longword'.repeat(19))).toBeVisible();
  const widths = await preview.evaluate((article) => ({
    page: document.documentElement.scrollWidth,
    article: article.getBoundingClientRect().right,
    overflow: article.scrollWidth - article.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(375);
  expect(widths.article).toBeLessThanOrEqual(375);
  expect(widths.overflow).toBe(0);
});

test('without a configured password the gate says the editor is disabled', async ({ page }) => {
  await page.route('**/api/blog-admin/status', (route) =>
    route.fulfill({ json: { configured: false, unlocked: false } }),
  );
  await page.goto('/blog-admin');
  await waitForIsland(page, 'blog-admin');
  await expect(page.getByRole('status')).toContainText('The blog editor is disabled');
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
