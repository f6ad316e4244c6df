import { test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';
import { layoutProblems, resizeTo } from './support/layout.ts';

/**
 * The $99/month plan bought from /pricing (docs/product.md#pricing, #payments): without Stripe (the
 * e2e server) the plan's card keeps its prebuilt link to the contact form; with Stripe (its
 * answers stood in for here) the card's island turns it into `Start now — $99/month`, whose
 * dialog states the 12-month commitment and the 30 days' notice before paying, refuses empty
 * fields, passes axe, fits 375, 1280 and 1920 px, and sends the buyer once to the Checkout address.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('/pricing keeps its contact link without Stripe; with Stripe the plan opens a checkout dialog that states the commitment', async ({
  page,
}) => {
  // Without Stripe (the e2e server): the plan's card keeps its link to the contact form.
  await page.goto('/pricing');
  const plan = page.getByRole('region', { name: 'Everything included for $99/month' });
  const ask = plan.getByRole('link', { name: /Ask about the \$99 plan/ });
  await ask.scrollIntoViewIfNeeded();
  const island = page.locator('astro-island[component-url*="plan-checkout"]:not([ssr])');
  await expect(island).toBeAttached();
  await expect(ask).toHaveAttribute('href', '/#contact');
  await expect(plan.getByRole('button', { name: /Start now/ })).toHaveCount(0);

  // With Stripe (its answers stood in for): `Start now — $99/month` opens the dialog, by keyboard.
  await page.route('**/api/checkout/config', (route) => route.fulfill({ json: { plan: true } }));
  const bought: unknown[] = [];
  await page.route('**/api/checkout/plan', async (route) => {
    bought.push(route.request().postDataJSON());
    await route.fulfill({ json: { url: '/pricing?plan=started' } });
  });
  await page.reload();
  const start = plan.getByRole('button', { name: 'Start now — $99/month' });
  await plan.getByRole('heading', { name: /Everything included/ }).scrollIntoViewIfNeeded();
  await start.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Start the $99/month plan' });
  await expect(dialog).toContainText(
    '12-month commitment: $99 a month for at least 12 months, then month to month; 30 days’ notice to cancel',
  );
  for (const width of [375, 1280, 1920]) {
    await resizeTo(page, width);
    expect(await layoutProblems(page), `the dialog at ${width} px`).toEqual([]);
  }
  await resizeTo(page, 1280);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  expect(bought).toEqual([]);
  await dialog.getByLabel('Your name').fill('Robin Buyer');
  await dialog.getByLabel('Email').fill('robin@example.com');
  await dialog.getByLabel('Company').fill('Robin’s Flowers');
  await dialog.getByRole('button', { name: 'Continue to payment' }).dblclick();
  await expect(page).toHaveURL(/\/pricing\?plan=started$/);
  // Back from the paid Checkout, the card (its island hydrates once in view) says what comes next.
  await plan.getByRole('heading', { name: /Everything included/ }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('status').filter({ hasText: 'your plan has started' })).toBeVisible();
  expect(bought).toEqual([{ name: 'Robin Buyer', email: 'robin@example.com', company: 'Robin’s Flowers' }]);
});
