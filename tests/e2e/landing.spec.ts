import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'date-fns';
import { parse } from 'yaml';
import { test, expect, expectNoAxeViolations, presetConsent, sentMails, waitForIsland } from './fixtures.ts';
import type { Page } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

/**
 * Asserts that the element ends up 80 px below the top of the window, under the fixed
 * navigation. (The tests run with reduced motion, where the page scrolls at once.)
 */
async function expectScrolledTo(page: Page, selector: string, message?: string): Promise<void> {
  const top = () => page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top));
  await expect.poll(top, { message }).toBeCloseTo(80, -1);
}

test.describe('landing page sections', () => {
  test('has every anchored section of the spec and the footer', async ({ page }) => {
    await page.goto('/');
    for (const id of ['home', 'roots', 'services', 'process', 'tools', 'plan', 'testimonials', 'contact', 'footer']) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Websites that work as hard as');
  });

  test('shows exactly the featured blog posts, newest first, at most three', async ({ page }) => {
    // What the posts' files say: the featured ones, newest first.
    const dir = join(import.meta.dirname, '..', '..', 'src', 'content', 'blog');
    const featured = readdirSync(dir)
      .filter((name) => name.endsWith('.mdx'))
      .map((name) => {
        const data = parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(join(dir, name), 'utf8'))![1]!) as {
          title: string;
          excerpt: string;
          date: string | Date;
          readTime: string;
          category: string;
          featured?: boolean;
        };
        return { slug: name.replace(/\.mdx$/, ''), ...data, date: new Date(data.date) };
      })
      .filter((post) => post.featured)
      .sort((a, b) => b.date.getTime() - a.date.getTime())
      .slice(0, 3);
    expect(featured.length).toBeGreaterThan(0);

    await page.goto('/');
    const section = page.getByRole('region', { name: 'Featured articles' });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(featured.map((p) => p.title));
    const cards = section.getByRole('article');
    for (const [i, post] of featured.entries()) {
      const card = cards.nth(i);
      const day = new Date(post.date.getUTCFullYear(), post.date.getUTCMonth(), post.date.getUTCDate());
      await expect(card).toContainText(`Category: ${post.category}`);
      await expect(card.locator('time')).toHaveText(format(day, 'MMM d, yyyy'));
      await expect(card).toContainText(post.readTime);
      await expect(card).toContainText(post.excerpt);
      await expect(card.getByRole('link', { name: `Read Article: ${post.title}` })).toHaveAttribute(
        'href',
        `/blog/${post.slug}`,
      );
    }
    await expect(section.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/blog');
    // Between the plan and the testimonials.
    const order = await page
      .locator('#plan, #featured-articles, #testimonials')
      .evaluateAll((els) => els.map((e) => e.id));
    expect(order).toEqual(['plan', 'featured-articles', 'testimonials']);
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
  });

  test('shows the $99 plan with every inclusion', async ({ page }) => {
    await page.goto('/');
    const plan = page.locator('#plan');
    await expect(plan).toContainText('$99/month');
    for (const item of [
      'Your domain (.com, .net or .org)',
      'Hosting',
      'Unlimited revisions',
      'Unlimited email addresses',
      'SEO',
      '1 year commitment',
      'No hidden fees',
      'No price increases',
    ]) {
      await expect(plan.getByRole('listitem').filter({ hasText: item }).first()).toBeVisible();
    }
  });

  test('shows 5 testimonials with 5 stars each and 3 client logos', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#testimonials');
    await expect(section.locator('figure')).toHaveCount(5);
    await expect(section.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveCount(5);
    await expect(section.getByRole('img', { name: / logo$/ })).toHaveCount(3);
  });

  test('links the tool cards to the audit, blog, awards (twice), toolkit and contact', async ({ page }) => {
    await page.goto('/');
    const hrefs = await page.locator('#tools a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(
      ['/#contact', '/#contact', '/awards', '/awards', '/blog', '/bug-bounty-toolkit', '/website-audit'].sort(),
    );
  });

  test('hero buttons scroll to contact and to services', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Our Services' }).click();
    await expectScrolledTo(page, '#services');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: /Get a Free Consultation/ }).click();
    await expectScrolledTo(page, '#contact');
  });
});

test.describe('navigation', () => {
  test('shows the full menu only on very wide screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Process' })).toBeHidden();
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect(nav.getByRole('link', { name: 'Process' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('scrolls to each section 80 px below the top from the wide menu', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Services', 'services'],
      ['Process', 'process'],
      ['Testimonials', 'testimonials'],
      ['Tools', 'tools'],
    ]) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expectScrolledTo(page, `#${id}`, label);
    }
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('turns more opaque once scrolled past 50 px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('#top-nav');
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const before = await background();
    const bar = page.getByTestId('scroll-progress');
    await expect(bar).toHaveCSS('transform', /matrix\(0, /);
    await page.evaluate(() => window.scrollTo(0, 40));
    // The progress bar moves in the same update that sets data-scrolled: once it has moved,
    // the header has had its chance to change.
    await expect(bar).not.toHaveCSS('transform', /matrix\(0, /);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    const alpha = (color: string) => Number(color.match(/[\d.]+(?=\))/)?.[0] ?? 1);
    // The background eases over a short transition; poll until it has moved on.
    await expect.poll(async () => alpha(await background())).toBeGreaterThan(alpha(before));
  });

  test('shows the scrolled share of the page as the rendered width of the progress bar', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByTestId('scroll-progress');
    // What the visitor sees: the bar's drawn width against the width of the page.
    const drawnShare = () =>
      bar.evaluate((el) => el.getBoundingClientRect().width / document.documentElement.clientWidth);
    await expect(bar).toHaveAttribute('data-percent', '0');
    expect(await drawnShare()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
    await expect(bar).toHaveAttribute('data-percent', /^(49|50|51)$/);
    await expect.poll(drawnShare).toBeGreaterThan(0.45);
    expect(await drawnShare()).toBeLessThan(0.55);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toHaveAttribute('data-percent', '100');
    await expect.poll(drawnShare).toBeGreaterThan(0.99);
  });

  test('mobile menu closes after a section choice and after a button choice @phone', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.locator('#mobile-menu');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Process' }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectScrolledTo(page, '#process');

    await toggle.click();
    await menu.getByRole('button', { name: 'Emergency Support' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Emergency Contact' })).toBeVisible();
  });

  test('mobile menu closes with Escape and returns focus to the toggle', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('has the phone link, the LLC suffix, About, Pricing, Toolkit and the Client Portal button', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toContainText('LLC');
    await expect(nav.getByRole('link', { name: '(302) 555-0147' })).toHaveAttribute('href', 'tel:+13025550147');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(nav.getByRole('link', { name: 'Bug Bounty Toolkit' })).toHaveAttribute('href', '/bug-bounty-toolkit');
    await expect(nav.getByRole('link', { name: 'Client Portal' })).toHaveAttribute('href', '/portal');
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expectScrolledTo(page, '#contact');
  });

  test('the SOS button broadcasts openEmergencyContact, which opens the emergency form', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { sosEvents: number }).sosEvents = 0;
      window.addEventListener('openEmergencyContact', () => {
        (window as unknown as { sosEvents: number }).sosEvents += 1;
      });
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'SOS' }).click();
    expect(await page.evaluate(() => (window as unknown as { sosEvents: number }).sosEvents)).toBe(1);
    const dialog = page.getByRole('dialog', { name: 'Emergency Contact' });
    await expect(dialog.getByLabel('Your name *')).toBeVisible();
    await expect(dialog.getByLabel('Email or phone *')).toBeVisible();
    await expect(dialog.getByLabel('What happened? *')).toBeVisible();
  });

  test('a window event openEmergencyContact from anywhere opens the emergency form', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'emergency-support');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('openEmergencyContact')));
    await expect(page.getByRole('dialog', { name: 'Emergency Contact' })).toBeVisible();
  });

  test('openEmergencyContact sent while the emergency island is still loading opens the form once it loads', async ({
    page,
  }) => {
    // The island's script is held until the event has been sent.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested = page.waitForRequest(/\/_astro\/emergency-support\.[\w-]+\.js$/);
    await page.route(/\/_astro\/emergency-support\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    // The island loads at the first interaction: a key press starts it.
    await page.keyboard.press('Shift');
    await requested;
    await expect(page.locator('astro-island[component-url*="emergency-support"][ssr]')).toHaveCount(1);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('openEmergencyContact')));
    release();
    await expect(page.getByRole('dialog', { name: 'Emergency Contact' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Emergency Contact' }).getByLabel('Your name *')).toBeVisible();
  });

  test('openEmergencyContact sent as soon as the page is parsed opens the form', async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        window.dispatchEvent(new CustomEvent('openEmergencyContact'));
      });
    });
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Emergency Contact' })).toBeVisible();
  });
});

test.describe('emergency support', () => {
  test('the floating Emergency button opens the hotline dialog with response times', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'emergency-support');
    // There over the hero already, and further down too.
    const button = page.getByRole('button', { name: 'Emergency', exact: true });
    await expect(button).toBeInViewport();
    await page.locator('#services').scrollIntoViewIfNeeded();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Emergency Support' });
    await expect(dialog).toContainText('24/7');
    await expect(dialog.getByRole('link', { name: /Call the hotline/ })).toHaveAttribute('href', 'tel:+13025550147');
    for (const [level, time] of [
      ['Critical', '15 minutes'],
      ['Urgent', '1 hour'],
      ['General', '4 hours'],
    ]) {
      await expect(dialog.getByRole('term').filter({ hasText: level })).toBeVisible();
      await expect(dialog.getByRole('definition').filter({ hasText: time })).toBeVisible();
    }
    await expect(dialog.getByRole('listitem')).toHaveCount(6);
    await dialog.getByRole('button', { name: /Send an emergency request/ }).click();
    await expect(page.getByRole('dialog', { name: 'Emergency Contact' })).toBeVisible();
  });

  test('the emergency form records an urgent lead', async ({ page }) => {
    // The page's clock runs 10 minutes behind the server's, so the form looks filled by a person
    // (the server ignores a form sent less than 1.5 s after it opened).
    await page.clock.install({ time: Date.now() - 10 * 60_000 });
    await page.goto('/');
    await waitForIsland(page, 'emergency-support');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('openEmergencyContact')));
    const dialog = page.getByRole('dialog', { name: 'Emergency Contact' });
    const name = `Casey Ward ${Date.now()}`;
    await dialog.getByLabel('Your name *').fill(name);
    await dialog.getByLabel('Email or phone *').fill('not a number');
    await dialog.getByLabel('What happened? *').fill('The shop site shows a ransom note.');
    await dialog.getByRole('button', { name: 'Send Emergency Request' }).click();
    await expect(dialog.getByText('Enter a valid email address or phone number')).toBeVisible();
    await dialog.getByLabel('Email or phone *').fill('(302) 555-0142');
    const response = page.waitForResponse('**/api/contact');
    await dialog.getByRole('button', { name: 'Send Emergency Request' }).click();
    expect((await response).status()).toBe(201);
    await expect(dialog.getByRole('status')).toContainText("We're on it.");
    // Stored as a lead: the team is emailed about it, marked urgent.
    await expect.poll(() => sentMails().filter((m) => m.includes(`Name: ${name}`))).toHaveLength(1);
    const mail = sentMails().find((m) => m.includes(`Name: ${name}`))!;
    expect(mail).toContain('URGENT New lead from the emergency form');
    expect(mail).toContain('Phone: (302) 555-0142');
  });
});

test.describe('service dialogs', () => {
  const services = [
    { title: 'Website Design', timeline: '2-4 weeks', pricing: true },
    { title: 'Web Development', timeline: '4-8 weeks', pricing: true },
    { title: 'Maintenance', timeline: 'Ongoing', pricing: false },
  ];
  for (const service of services) {
    test(`${service.title} opens a dialog with its timeline, features, steps and buttons`, async ({ page }) => {
      await page.goto('/');
      await waitForIsland(page, 'service-cards');
      await page.getByRole('button', { name: `Learn more about ${service.title}` }).click();
      const dialog = page.getByRole('dialog', { name: service.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`Timeline: ${service.timeline}`);
      await expect(dialog.getByRole('heading', { name: "What's included" })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'How it works' })).toBeVisible();
      await expect(dialog.locator('ol > li')).toHaveCount(4);
      const viewPricing = dialog.getByRole('link', { name: 'View Pricing' });
      if (service.pricing) await expect(viewPricing).toHaveAttribute('href', '/pricing');
      else await expect(viewPricing).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Get Free Consultation' }).click();
      await expect(dialog).toBeHidden();
      await expectScrolledTo(page, '#contact');
    });
  }

  test('View Pricing goes to /pricing', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'service-cards');
    await page.getByRole('button', { name: 'Learn more about Website Design' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'View Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('Escape closes a dialog and returns focus to its button', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'service-cards');
    const trigger = page.getByRole('button', { name: 'Learn more about Maintenance' });
    await trigger.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('password strength checker', () => {
  test('shows the six levels of the spec and never sends the password', async ({ page }) => {
    const requests: string[] = [];
    await page.goto('/');
    await waitForIsland(page, 'password-checker');
    const checker = page.locator('#tools');
    const input = checker.getByLabel('Password to check');
    await input.scrollIntoViewIfNeeded();
    const label = checker.getByTestId('strength-label');
    const bar = checker.getByRole('meter', { name: 'Password strength' });
    await expect(label).toHaveText('Enter a password');
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`));
    const levels: [string, string, string][] = [
      ['a', 'Very Weak', '20'],
      ['ab1', 'Weak', '40'],
      ['Ab1', 'Fair', '60'],
      ['Abcdefg1', 'Good', '80'],
      ['Abcdef1!', 'Strong', '100'],
    ];
    for (const [password, level, percent] of levels) {
      await input.fill(password);
      await expect(label).toHaveText(level);
      await expect(bar).toHaveAttribute('aria-valuenow', percent);
    }
    await expect(checker.getByRole('listitem').filter({ hasText: 'At least 8 characters: met' })).toBeVisible();
    await input.fill('');
    await expect(label).toHaveText('Enter a password');
    // Nothing typed leaves the browser: no request carries it, and no request sends data at all.
    for (const request of requests) {
      expect(request).not.toMatch(/Abcdef|ab1/);
      expect(request).toMatch(/^GET /);
    }
  });

  test('can show and hide the password', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'password-checker');
    const input = page.getByLabel('Password to check');
    await input.fill('Secret1!');
    await expect(input).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(input).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(input).toHaveAttribute('type', 'password');
  });
});
