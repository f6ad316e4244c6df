/**
 * The blog: /blog with search, category filters, the featured section, the empty
 * state and the newsletter box; /blog/{slug} article pages; and /rss.xml.
 */
import type { Locator, Page } from '@playwright/test';
import { OTHER_ISLANDS, test, expect, presetConsent, expectNoAxeViolations } from './fixtures.ts';

const POSTS = {
  seo: { slug: 'local-seo-for-delaware-businesses', title: 'Local SEO for Delaware Businesses: A Practical Guide' },
  security: {
    slug: 'ransomware-and-website-security-checklist',
    title: 'A Ransomware and Website Security Checklist for Small Businesses',
  },
  plan: { slug: '99-month-website-plan', title: 'What a $99/Month Website Plan Should Include' },
  speed: {
    slug: 'page-speed-and-accessibility',
    title: 'Why Page Speed and Accessibility Matter for Your Business Site',
  },
  homepage: { slug: 'homepage-that-converts', title: 'What Makes a Small-Business Homepage Actually Convert' },
} as const;
/** Newest first. */
const TITLES_BY_DATE = [POSTS.seo, POSTS.security, POSTS.plan, POSTS.speed, POSTS.homepage].map((p) => p.title);

/** Opens /blog (no cookie banner) and waits until the list island has hydrated. */
async function openBlog(page: Page, path = '/blog'): Promise<void> {
  await presetConsent(page);
  await page.goto(path);
  await expect(page.locator('astro-island[component-url*="blog-explorer"]')).not.toHaveAttribute('ssr');
}

/** The 'All Articles' grid (not the featured section). */
const articleList = (page: Page) => page.getByTestId('article-list');
const cards = (page: Page) => articleList(page).getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading');
const featuredSection = (page: Page) => page.getByRole('region', { name: 'Featured Articles' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search articles' });
const categoryButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name, exact: true });

/** Scrolls to the newsletter box and waits until its island has hydrated. */
async function newsletterForm(page: Page): Promise<{ email: Locator; subscribe: Locator }> {
  const island = page.locator('astro-island[component-url*="newsletter-signup"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
  const subscribe = page.getByRole('button', { name: 'Subscribe', exact: true });
  await expect(subscribe).toBeEnabled();
  return { email: page.getByRole('textbox', { name: 'Email address' }), subscribe };
}

test.describe('blog list', () => {
  test('shows the five posts newest first, each with its details and a Read Article link', async ({ page }) => {
    await openBlog(page);
    await expect(page).toHaveTitle(/Blog/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await expect(cards(page)).toHaveCount(5);
    await expect(cardTitles(page)).toHaveText(TITLES_BY_DATE);

    const seoCard = cards(page).filter({ hasText: POSTS.seo.title });
    await expect(seoCard).toContainText('Marketing');
    await expect(seoCard).toContainText('Featured');
    await expect(seoCard).toContainText('Marcus Reyes');
    await expect(seoCard).toContainText('6 min read');
    await expect(seoCard).toContainText('Nov 3, 2026');
    await expect(seoCard).toContainText('Your Google Business Profile, reviews');
    // at most 3 of its 4 tags
    await expect(seoCard.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      '#Local SEO',
      '#Google Business Profile',
      '#Online Reviews',
    ]);
    await expect(cards(page).filter({ hasText: POSTS.homepage.title })).not.toContainText('Featured');

    for (const { slug, title } of Object.values(POSTS)) {
      await expect(articleList(page).getByRole('link', { name: `Read Article: ${title}` })).toHaveAttribute(
        'href',
        `/blog/${slug}`,
      );
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the prebuilt page already lists every post', async ({ page }) => {
      await page.goto('/blog');
      await expect(cards(page)).toHaveCount(5);
      await expect(featuredSection(page).getByRole('article')).toHaveCount(2);
    });
  });

  test('search matches a title, an excerpt or a tag, whatever the case', async ({ page }) => {
    await openBlog(page);
    const cases: [string, string][] = [
      ['cONVERT', POSTS.homepage.title], // title
      ['QUIETLY', POSTS.speed.title], // excerpt: "quietly turns customers away"
      ['hIrInG', POSTS.plan.title], // tag: "Hiring a Web Designer"
      ['mfa', POSTS.security.title], // tag: "MFA"
    ];
    for (const [query, title] of cases) {
      await searchBox(page).fill(query);
      await expect(cardTitles(page), `search "${query}"`).toHaveText([title]);
    }
    // several words: each must match somewhere
    await searchBox(page).fill('Small  BUSINESSES');
    await expect(cardTitles(page)).toHaveText([POSTS.seo.title, POSTS.security.title]);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(cards(page)).toHaveCount(5);
  });

  test('each category button shows only its posts and is marked pressed', async ({ page }) => {
    await openBlog(page);
    const byCategory: Record<string, string> = {
      Design: POSTS.homepage.title,
      Development: POSTS.speed.title,
      Business: POSTS.plan.title,
      Security: POSTS.security.title,
      Marketing: POSTS.seo.title,
    };
    await expect(categoryButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    for (const [category, title] of Object.entries(byCategory)) {
      await categoryButton(page, category).click();
      await expect(categoryButton(page, category)).toHaveAttribute('aria-pressed', 'true');
      await expect(categoryButton(page, 'All')).toHaveAttribute('aria-pressed', 'false');
      await expect(cardTitles(page), category).toHaveText([title]);
      await expect(cards(page).first()).toContainText(category);
    }
    await categoryButton(page, 'All').click();
    await expect(cards(page)).toHaveCount(5);
  });

  test('every filter shows the posts of its category, and every post shows under a filter', async ({ page }) => {
    await openBlog(page);
    const buttons = page.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    const filters = (await buttons.allTextContents()).filter((name) => name !== 'All');
    expect(filters).toEqual(['Design', 'Development', 'Business', 'Marketing', 'Security']);
    const seen: string[] = [];
    for (const category of filters) {
      await categoryButton(page, category).click();
      await expect(cards(page).first(), category).toBeVisible();
      for (const card of await cards(page).all()) {
        await expect(card.getByText(`Category: ${category}`, { exact: true })).toHaveCount(1);
      }
      seen.push(...(await cardTitles(page).allTextContents()));
    }
    expect(seen.sort()).toEqual([...TITLES_BY_DATE].sort());
  });

  test('category and search combine, and the filters live in the address', async ({ page }) => {
    await openBlog(page, '/blog?category=Security');
    await expect(categoryButton(page, 'Security')).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitles(page)).toHaveText([POSTS.security.title]);
    await searchBox(page).fill('backups');
    await expect(cardTitles(page)).toHaveText([POSTS.security.title]);
    await expect(page).toHaveURL(/\?category=Security&q=backups$|\?q=backups&category=Security$/);
    await categoryButton(page, 'Design').click();
    await expect(page.getByText('No articles found', { exact: true })).toBeVisible();
  });

  test("'Featured Articles' shows only with All and an empty search", async ({ page }) => {
    await openBlog(page);
    await expect(featuredSection(page)).toBeVisible();
    await expect(featuredSection(page).getByRole('heading', { level: 3 })).toHaveText([
      POSTS.seo.title,
      POSTS.plan.title,
    ]);

    await searchBox(page).fill('seo');
    await expect(featuredSection(page)).toBeHidden();
    await searchBox(page).fill('   ');
    await expect(featuredSection(page)).toBeVisible();

    await categoryButton(page, 'Marketing').click();
    await expect(featuredSection(page)).toBeHidden();
    await categoryButton(page, 'All').click();
    await expect(featuredSection(page)).toBeVisible();
  });

  test("shows 'No articles found' when nothing matches, with a way back", async ({ page }) => {
    await openBlog(page);
    await expect(page.getByText('No articles found', { exact: true })).toBeHidden();
    await searchBox(page).fill('quantum blockchain');
    await expect(page.getByText('No articles found', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(featuredSection(page)).toBeHidden();
    await page.getByRole('button', { name: 'Show all articles' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(searchBox(page)).toBeFocused();
    await expect(cards(page)).toHaveCount(5);
  });
});

test.describe('article page', () => {
  test("'Read Article' opens the post, and 'Back to Blog' returns to the list", async ({ page }) => {
    await openBlog(page);
    await articleList(page)
      .getByRole('link', { name: `Read Article: ${POSTS.seo.title}` })
      .click();
    await expect(page).toHaveURL(`/blog/${POSTS.seo.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(POSTS.seo.title);

    const article = page.locator('article.prose-legal');
    await expect(article).toContainText('Marketing');
    await expect(article).toContainText('Marcus Reyes');
    await expect(article).toContainText('Nov 3, 2026');
    await expect(article).toContainText('6 min read');
    for (const tag of ['#Local SEO', '#Google Business Profile', '#Online Reviews', '#Delaware']) {
      await expect(article).toContainText(tag);
    }
    await expect(
      article.getByRole('heading', { level: 2, name: 'Claim and Complete Your Google Business Profile' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(cards(page)).toHaveCount(5);
  });

  test('ships no island but the Emergency button and carries article metadata', async ({ page }) => {
    await presetConsent(page);
    await page.goto(`/blog/${POSTS.security.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(POSTS.security.title);
    await expect(page.locator(OTHER_ISLANDS)).toHaveCount(0);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/blog\/ransomware-and-website-security-checklist\/?$/,
    );

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: POSTS.security.title,
      author: { '@type': 'Person', name: 'Priya Natarajan' },
      articleSection: 'Security',
      datePublished: '2026-10-06T00:00:00.000Z',
    });
  });

  test('its category links to the filtered list', async ({ page }) => {
    await presetConsent(page);
    await page.goto(`/blog/${POSTS.plan.slug}`);
    await page.getByRole('link', { name: 'Category: Business' }).click();
    await expect(page).toHaveURL('/blog?category=Business');
    await expect(page.locator('astro-island[component-url*="blog-explorer"]')).not.toHaveAttribute('ssr');
    await expect(categoryButton(page, 'Business')).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitles(page)).toHaveText([POSTS.plan.title]);
  });
});

test.describe('newsletter', () => {
  test('an invalid email shows the error; a valid one is thanked', async ({ page }) => {
    await openBlog(page);
    const { email, subscribe } = await newsletterForm(page);

    await email.fill('not-an-email');
    await subscribe.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('not-an-email');

    const address = `reader-${Date.now()}@example.com`;
    await email.fill(address);
    const requestPromise = page.waitForRequest((r) => r.url().endsWith('/api/newsletter') && r.method() === 'POST');
    await subscribe.click();
    const request = await requestPromise;
    expect(request.headers()['content-type']).toContain('application/json');
    expect(request.postDataJSON()).toEqual({ email: address });

    await expect(page.getByRole('status').filter({ hasText: 'Thanks for subscribing!' })).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeHidden();
    await expect(email).toHaveValue('');
  });

  test('unsubscribes by keyboard in the same box', async ({ page }) => {
    await openBlog(page);
    const { email, subscribe } = await newsletterForm(page);
    const address = `leaver-${Date.now()}@example.com`;
    await email.fill(address);
    await subscribe.click();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks for subscribing!' })).toBeVisible();

    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).focus();
    await page.keyboard.press('Enter');
    await email.focus();
    await page.keyboard.type(address);
    const requestPromise = page.waitForRequest(
      (r) => r.url().endsWith('/api/newsletter/unsubscribe') && r.method() === 'POST',
    );
    await page.keyboard.press('Enter');
    expect((await requestPromise).postDataJSON()).toEqual({ email: address });
    await expect(page.getByRole('status').filter({ hasText: 'You are unsubscribed' })).toContainText(
      'You are unsubscribed: we have deleted your address',
    );
    await page.getByRole('button', { name: 'Subscribe instead' }).click();
    await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  });

  test("shows the server's 422 message under the field", async ({ page, pageErrors }) => {
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({
        status: 422,
        json: {
          error: {
            code: 'invalid_fields',
            message: 'Some fields are invalid',
            fields: { email: 'This address cannot receive mail' },
          },
        },
      }),
    );
    await openBlog(page);
    const { email, subscribe } = await newsletterForm(page);
    await email.fill('ann@example.com');
    await subscribe.click();
    await expect(page.getByText('This address cannot receive mail')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveValue('ann@example.com');
    dropResourceErrors(pageErrors, /status of 422/);
  });

  test('a rate limit says when to try again and keeps the address', async ({ page, pageErrors }) => {
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '120' },
        json: { error: { code: 'rate_limited', message: 'Too many sign-ups from your address.' } },
      }),
    );
    await openBlog(page);
    const { email, subscribe } = await newsletterForm(page);
    await email.fill('ann@example.com');
    await subscribe.click();
    await expect(page.getByRole('alert')).toContainText(
      'Too many sign-up attempts from your connection. Please try again in about 2 minutes.',
    );
    await expect(email).toHaveValue('ann@example.com');
    await expect(page.getByRole('status').filter({ hasText: 'Thanks' })).toHaveCount(0);
    dropResourceErrors(pageErrors, /status of 429/);
  });

  test('a network failure says so and keeps the address', async ({ page, pageErrors }) => {
    await page.route('**/api/newsletter', (route) => route.abort('internetdisconnected'));
    await openBlog(page);
    const { email, subscribe } = await newsletterForm(page);
    await email.fill('ann@example.com');
    await subscribe.click();
    await expect(page.getByRole('alert')).toContainText("We couldn't reach our server");
    await expect(email).toHaveValue('ann@example.com');
    await expect(subscribe).toBeEnabled();
    dropResourceErrors(pageErrors, /ERR_INTERNET_DISCONNECTED|Failed to load resource/);
  });
});

test('/rss.xml lists the five posts', async ({ request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
  expect(items).toHaveLength(5);
  for (const { slug } of Object.values(POSTS)) {
    expect(xml).toContain(`/blog/${slug}</link>`);
  }
  expect(items[0]).toContain('<title>Local SEO for Delaware Businesses: A Practical Guide</title>');
  expect(items[0]).toContain('<pubDate>Tue, 03 Nov 2026 00:00:00 GMT</pubDate>');
  expect(items[0]).toContain('<category>Marketing</category>');
  expect(items[0]).toMatch(/<description>Your Google Business Profile/);
});

test.describe('accessibility', () => {
  for (const width of [1280, 375]) {
    const tag = width === 375 ? ' @phone' : '';

    test(`/blog has no axe violations at ${width} px${tag}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openBlog(page);
      await newsletterForm(page);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // the states that appear later: a field error and the empty list
      const { email, subscribe } = await newsletterForm(page);
      await email.fill('nope');
      await subscribe.click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await searchBox(page).fill('nothing matches this');
      await expect(page.getByText('No articles found', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

/** Removes the browser's own log line about an expected failed request from the error list. */
function dropResourceErrors(errors: string[], pattern: RegExp): void {
  for (let i = errors.length - 1; i >= 0; i--) {
    if (pattern.test(errors[i] ?? '')) errors.splice(i, 1);
  }
}
