import { test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';

/**
 * Privacy for staff (docs/product.md#privacy): erasing a client asks first, naming what goes and
 * what stays, by keyboard; afterwards the client reads "Deleted client #…" and their project stays.
 * The cookie banner's choice is recorded on the server.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('erasing a client asks first and keeps the project; the page passes axe', async ({ staffPage, newClient }) => {
  await presetConsent(staffPage);
  const client = await newClient({
    name: 'Eri Erasable',
    projects: [
      { title: 'Erasable bakery', messages: [{ subject: 'Hello', message: 'My number is 555', fromClient: true }] },
    ],
  });
  await staffPage.goto(`/admin#client/${client.id}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Eri Erasable' })).toBeVisible();
  const privacy = staffPage.getByRole('region', { name: 'Privacy' });
  await expect(privacy).toContainText('No consent recorded.');
  await expectNoAxeViolations(staffPage);
  await privacy.getByRole('button', { name: 'Erase Eri Erasable' }).focus();
  await staffPage.keyboard.press('Enter');
  const confirm = staffPage.getByRole('alertdialog', { name: 'Erase Eri Erasable?' });
  await expect(confirm).toContainText('the text of their messages');
  await expect(confirm).toContainText('Kept, for the legal obligation to keep business records');
  await confirm.getByRole('button', { name: 'Erase the client' }).focus();
  await staffPage.keyboard.press('Enter');
  await expect(staffPage.getByRole('heading', { level: 1, name: /^Deleted client #/ })).toBeVisible();
  await expect(staffPage.getByRole('main')).toContainText('Erasable bakery');
  await expect(staffPage.getByRole('main')).not.toContainText('My number is 555');
});

test("the cookie banner's choice is recorded on the server", async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/consent') && r.request().method() === 'POST');
  await banner.getByRole('button', { name: 'Necessary Only' }).click();
  const response = await recorded;
  expect(response.status()).toBe(201);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ purpose: 'analytics', granted: false });
});
