/**
 * The prebuilt content pages: /about, /pricing, /awards, /privacy-policy, /terms-of-service and
 * the 404 page. Each renders its content, has its own title, meta description and canonical
 * link, and ships no JavaScript but the layout's cookie-banner script (and, on /pricing, the plan
 * button's island, loaded only once its card is in view). (a11y.spec.ts sweeps them
 * with axe at 1280 px and 375 px.)
 */
import { type Page } from '@playwright/test';
import { OTHER_ISLANDS, test, expect, presetConsent, expectNoAxeViolations } from './fixtures.ts';

const company = 'First State Web Studio';

const pages = [
  {
    path: '/about',
    status: 200,
    title: `About Us | ${company}`,
    h1: 'A Delaware web studio built for small businesses',
  },
  { path: '/pricing', status: 200, title: `Pricing | ${company}`, h1: 'Simple, honest pricing' },
  { path: '/awards', status: 200, title: `Awards & Recognition | ${company}`, h1: 'Recognised for websites that work' },
  { path: '/privacy-policy', status: 200, title: `Privacy Policy | ${company}`, h1: 'Privacy Policy' },
  { path: '/terms-of-service', status: 200, title: `Terms of Service | ${company}`, h1: 'Terms of Service' },
  { path: '/this-page-does-not-exist', status: 404, title: '404 Page Not Found', h1: 'Page not found' },
];

const DOCUMENT_404 = 'console.error: Failed to load resource: the server responded with a status of 404 (Not Found)';

/**
 * Opens `path` and checks its HTTP status. Chromium logs a console error for a document answered
 * with 404; on the not-found page that one message is expected, so it is taken out of the
 * fixture's error list (any other error still fails the test).
 */
async function visit(page: Page, pageErrors: string[], path: string, status = 200): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `HTTP status of ${path}`).toBe(status);
  if (status !== 404) return;
  await page.waitForLoadState('load');
  const index = pageErrors.indexOf(DOCUMENT_404);
  expect(index, 'the console error for the 404 document').toBeGreaterThanOrEqual(0);
  pageErrors.splice(index, 1);
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

/** The h1 to h6 levels of the page, in document order. */
async function headingLevels(page: Page): Promise<number[]> {
  return page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));
}

for (const { path, status, title, h1 } of pages) {
  test.describe(`page ${path}`, () => {
    test('has its title, description, canonical link, one h1, unique ids and headings in order', async ({
      page,
      pageErrors,
    }) => {
      await visit(page, pageErrors, path, status);
      await expect(page).toHaveTitle(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(50);
      expect(description!.length).toBeLessThanOrEqual(160);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^http:\/\/localhost:\d+\//);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.locator('main#main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const ids = await page.locator('[id]').evaluateAll((nodes) => nodes.map((node) => node.id));
      expect(
        ids.filter((id, index) => ids.indexOf(id) !== index),
        'duplicate ids',
      ).toEqual([]);
      const levels = await headingLevels(page);
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    });

    test('ships no JavaScript of its own', async ({ page, pageErrors }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await visit(page, pageErrors, path, status);
      await page.waitForLoadState('networkidle');
      expect(scripts, 'script files loaded').toEqual([]);
      await expect(page.locator('script[src]')).toHaveCount(0);
      // The one island is the Emergency button's, whose code loads at the visitor's first action;
      // /pricing has the plan's button too, whose code loads once its card comes into view.
      const own = path === '/pricing' ? ['plan-checkout'] : [];
      await expect(page.locator('astro-island')).toHaveCount(1 + own.length);
      await expect(page.locator(OTHER_ISLANDS)).toHaveCount(own.length);
      for (const name of own) {
        await expect(page.locator(`astro-island[component-url*="${name}"]`)).toHaveAttribute('client', 'visible');
      }
    });
  });
}

test.describe('about page', () => {
  test('shows the story, the values and the whole team', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'From one designer to a full-service studio' })).toBeVisible();
    await expect(page.getByText('2019', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How we work with you' })).toBeVisible();
    const team = page.getByRole('region', { name: 'Meet the people behind your website' });
    for (const name of ['Dana Whitaker', 'Marcus Reyes', 'Priya Natarajan', 'Jordan Ellis']) {
      await expect(team.getByRole('heading', { level: 3, name })).toBeVisible();
    }
    await expect(team.getByText('Founder & Design Lead')).toBeVisible();
    // Each with a portrait (docs/product.md#team-portraits; images.spec.ts checks them in detail).
    await expect(team.getByTestId('team-avatar')).toHaveCount(4);
    await expect(team.getByTestId('team-avatar').first()).toBeVisible();
  });

  test('links to the contact form and back home', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Get in Touch' }).first()).toHaveAttribute('href', '/#contact');
    const home = page.getByRole('main').getByRole('link', { name: 'Back to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

test.describe('pricing page', () => {
  test('shows the two packages with prices, MOST POPULAR and Get Started links', async ({ page }) => {
    await page.goto('/pricing');
    const cards = page
      .getByRole('region', { name: 'Website design packages' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { level: 3 }),
      });
    await expect(cards).toHaveCount(2);

    const onePage = cards.filter({ has: page.getByRole('heading', { name: 'One-Page Design' }) });
    await expect(onePage).toContainText('$99');
    await expect(onePage).toContainText('flat');
    for (const feature of ['Single scrolling page', 'Mobile responsive', 'Basic contact form', '1-2 week turnaround']) {
      await expect(onePage.getByText(feature)).toBeVisible();
    }
    await expect(onePage).not.toContainText('MOST POPULAR');

    const wordpress = cards.filter({ has: page.getByRole('heading', { name: 'Custom WordPress Website' }) });
    await expect(wordpress).toContainText('Starting at');
    await expect(wordpress).toContainText('$500');
    await expect(wordpress.getByText('MOST POPULAR')).toBeVisible();
    for (const feature of [
      'Multiple pages',
      'Custom branded design',
      'CMS',
      'SEO',
      'Training and support',
      'Scalable',
    ]) {
      await expect(wordpress.getByText(feature)).toBeVisible();
    }

    const getStarted = page.getByRole('link', { name: /^Get Started/ });
    await expect(getStarted).toHaveCount(2);
    for (const link of await getStarted.all()) await expect(link).toHaveAttribute('href', '/#contact');
  });

  test('has an accessible comparison table', async ({ page }) => {
    await page.goto('/pricing');
    const table = page.getByRole('table', { name: /compared feature by feature/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText([
      'Feature',
      'One-Page Design',
      'Custom WordPress Website',
    ]);
    await expect(table.getByRole('rowheader')).toHaveCount(10);
    const price = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Price' }) });
    await expect(price.getByRole('cell')).toHaveText(['$99 flat', 'From $500']);
    await expect(table.getByText('Not included').first()).toBeAttached();
  });

  test('shows the $99 monthly plan and a call button that dials the company phone', async ({ page }) => {
    await page.goto('/pricing');
    const plan = page.getByRole('region', { name: 'Everything included for $99/month' });
    for (const item of [
      '.com, .net or .org',
      'Hosting',
      'Unlimited revisions',
      'Unlimited email addresses',
      'SEO',
      '1 year commitment',
      'No hidden fees',
      'No price increases',
    ]) {
      await expect(plan.getByText(item).first()).toBeVisible();
    }
    const call = page.getByRole('link', { name: 'Call (302) 555-0147' });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', 'tel:+13025550147');
  });
});

test.describe('awards page', () => {
  test('shows two featured awards, four other awards and the certifications', async ({ page }) => {
    await page.goto('/awards');
    const featured = page.getByRole('region', { name: 'Featured awards' });
    await expect(featured.getByRole('heading', { level: 3 })).toHaveText([
      'Small Business Partner of the Year',
      'Best Small Business Website',
    ]);
    await expect(featured).toContainText('Wilmington Area Small Business Alliance');
    await expect(page.getByRole('region', { name: 'Other awards' }).getByRole('heading', { level: 3 })).toHaveCount(4);
    const certifications = page.getByRole('region', { name: 'Professional certifications' });
    await expect(certifications.getByRole('heading', { level: 3 })).toHaveCount(4);
    await expect(certifications.getByRole('heading', { name: 'CompTIA Security+' })).toBeVisible();
  });

  test('shows the six key achievement claims', async ({ page }) => {
    await page.goto('/awards');
    const achievements = page.getByRole('region', { name: 'Key achievements' });
    const claims: [string, string][] = [
      ['98%', 'Client satisfaction'],
      ['150+', 'Projects delivered'],
      ['45%', 'Average traffic increase'],
      ['24 hrs', 'Response time'],
      ['99.9%', 'Uptime'],
      ['30 days', 'Free support after launch'],
    ];
    await expect(achievements.getByRole('listitem')).toHaveCount(claims.length);
    for (const [metric, label] of claims) {
      const item = achievements.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label }) });
      await expect(item.getByText(metric, { exact: true })).toBeVisible();
    }
  });

  test('links to pricing and to the contact form', async ({ page }) => {
    await page.goto('/awards');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/#contact');
  });
});

for (const { path, title } of [
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/terms-of-service', title: 'Terms of Service' },
]) {
  test(`${title} renders its text, its last-updated date and a link home`, async ({ page }) => {
    await page.goto(path);
    const article = page.locator('article.prose-legal');
    await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(article.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await article.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(3);
    await expect(article.getByText(/^Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(article.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);

    const home = page.getByRole('banner').getByRole('link', { name: 'Back to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test.describe('not-found page', () => {
  test('an unknown path answers 404 with the not-found page', async ({ page, pageErrors }) => {
    await visit(page, pageErrors, '/no/such/page', 404);
    await expect(page).toHaveTitle('404 Page Not Found');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /^Home/ })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: /^Blog/ })).toHaveAttribute('href', '/blog');
    await expect(main.getByRole('link', { name: /^Contact us/ })).toHaveAttribute('href', '/#contact');
  });
});

test.describe('@phone', () => {
  test('pricing cards and the call button are usable on a phone @phone', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByText('MOST POPULAR')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call (302) 555-0147' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
