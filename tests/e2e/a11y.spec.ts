import { test, expect, expectNoAxeViolations, presetConsent, waitForIsland } from './fixtures.ts';

/**
 * axe sweeps of the landing page and of every overlay (cookie banner, its preferences, the
 * service, emergency and emergency-contact dialogs) at 1280 px and 375 px. The other public pages
 * are swept by static-pages.spec.ts and blog.spec.ts.
 */
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test('the landing page has no axe violations, including the scrolled-in islands', async ({ page }) => {
      await presetConsent(page);
      await page.goto('/');
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await waitForIsland(page, 'contact-form');
      await page.locator('#tools').scrollIntoViewIfNeeded();
      await waitForIsland(page, 'password-checker');
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('the cookie banner and its preferences dialog have no axe violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Customize' }).click();
      await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the service, emergency and emergency-contact dialogs have no axe violations', async ({ page }) => {
      await presetConsent(page);
      await page.goto('/');
      await waitForIsland(page, 'service-cards');
      await page.getByRole('button', { name: 'Learn more about Web Development' }).click();
      await expect(page.getByRole('dialog', { name: 'Web Development' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await waitForIsland(page, 'emergency-support');
      await page.getByRole('button', { name: 'Emergency', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Emergency Support' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Send an emergency request' }).click();
      const form = page.getByRole('dialog', { name: 'Emergency Contact' });
      await expect(form.getByLabel('Your name *')).toBeVisible();
      await form.getByRole('button', { name: 'Send Emergency Request' }).click();
      await expect(form.getByText('Name is required')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the contact form with its error messages has no axe violations', async ({ page }) => {
      await presetConsent(page);
      await page.goto('/#contact');
      await waitForIsland(page, 'contact-form');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Message is required')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
