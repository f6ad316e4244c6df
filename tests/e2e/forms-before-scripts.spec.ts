import { test, expect, presetConsent } from './fixtures.ts';

/**
 * A form rendered on the server can be sent before its island's script runs (a slow phone, a
 * blocked script). It must never put what was typed in the address, where history, logs and
 * the Referer would keep it: every island form is method="post" (docs/product.md#security).
 */
test('a password form sent before the scripts run keeps the password out of the address', async ({
  page,
  allowPageErrors,
}) => {
  allowPageErrors(/Failed to load resource|net::ERR_FAILED|status of 4\d\d|status of 5\d\d/);
  await presetConsent(page);
  // The island's code never arrives, so the server-rendered form is all there is.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto('/portal/reset-password#token=abcdefghijklmnopqrstuvwxyz234567');
  const form = page.getByRole('form', { name: 'Set a new password' });
  await expect(form).toHaveAttribute('method', 'post');
  await form.getByLabel('New password', { exact: true }).fill('my-new-secret');
  await form.getByLabel('Confirm new password').fill('my-new-secret');
  const sent = page.waitForRequest((request) => request.isNavigationRequest() && request.method() === 'POST');
  await form.getByLabel('Confirm new password').press('Enter');
  const request = await sent;
  expect(request.url()).not.toContain('my-new-secret');
  await page.waitForLoadState();
  expect(page.url()).not.toContain('my-new-secret');
});
