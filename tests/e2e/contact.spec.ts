import { test, expect, holdToasts, presetConsent, sentMails, waitForIsland } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** The team's lead emails naming `text` (not the lead's own acknowledgement, docs/product.md#email-replies). */
function mailsMentioning(text: string): string[] {
  return sentMails().filter((m) => m.includes(text) && !/^Subject: We received your message/m.test(m));
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

async function openContactForm(page: Page) {
  await page.goto('/#contact');
  await waitForIsland(page, 'contact-form');
  return page.getByRole('form', { name: 'Contact us' });
}

test.describe('contact form', () => {
  test('stores the lead, thanks the visitor for 5 seconds, then shows an empty form again', async ({ page }) => {
    // The page's clock is paused, 10 minutes behind the server's (so the form looks filled by a
    // person); timers then move only when the test moves them.
    const start = Date.now() - 10 * 60_000;
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    const form = await openContactForm(page);
    await page.clock.runFor(1000); // lets the idle-time islands (the notifications) load
    await waitForIsland(page, 'toaster');
    const name = `Robin Lead ${Date.now()}`;
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Email *').fill('robin@example.com');
    await form.getByLabel('How did you find us? *').selectOption('referral');
    await form.getByLabel('Message *').fill('We need a site for our florist shop in Lewes.');
    const response = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await response).status()).toBe(201);

    const thanks = page.getByRole('status').filter({ hasText: 'Thank you!' });
    await expect(thanks).toBeVisible();
    await page.clock.runFor(300);
    const toasts = page.getByRole('region', { name: /Notification/ });
    await expect(toasts).toContainText('Message sent successfully!');
    await expect(toasts).toContainText("We'll be in touch soon.");
    // The thank-you lasts 5 seconds.
    await page.clock.runFor(4600);
    await expect(thanks).toBeVisible();
    await page.clock.runFor(200);
    await expect(thanks).toBeHidden();
    await expect(form.getByLabel('Name *')).toHaveValue('');

    await expect.poll(() => mailsMentioning(name).length).toBe(1);
    expect(mailsMentioning(name)[0]).toContain('How did you find us: Referral from a friend or colleague');
  });

  test('a retry after a lost answer reuses its Idempotency-Key and stores one lead; the next submission gets a new key', async ({
    page,
    allowPageErrors,
  }) => {
    allowPageErrors(/Failed to fetch|ERR_CONNECTION_RESET|ERR_FAILED/);
    const start = Date.now() - 10 * 60_000;
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    const keys: string[] = [];
    let loseAnswer = true;
    await page.route('**/api/contact', async (route) => {
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (!loseAnswer) return route.continue();
      // The server stores the lead, but its answer never reaches the page.
      loseAnswer = false;
      await route.fetch();
      return route.abort('connectionreset');
    });
    const form = await openContactForm(page);
    await page.clock.runFor(1000);
    await waitForIsland(page, 'toaster');
    const name = `Retry Lead ${Date.now()}`;
    const fill = async () => {
      await form.getByLabel('Name *').fill(name);
      await form.getByLabel('Email *').fill('retry@example.com');
      await form.getByLabel('How did you find us? *').selectOption('referral');
      await form.getByLabel('Message *').fill('Sent twice, stored once.');
    };
    await fill();
    const lost = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await lost;
    await page.clock.runFor(300); // the page's clock is paused: let the toast show
    await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Error sending message');

    const retried = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const answer = await retried;
    expect(answer.status()).toBe(201);
    expect(await answer.headerValue('idempotent-replayed')).toBe('true');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();

    // After the thank-you, the same values again are a new submission with a new key.
    await page.clock.runFor(5300);
    await expect(form.getByLabel('Name *')).toHaveValue('');
    await page.clock.runFor(2000);
    await fill();
    const next = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await next).status()).toBe(201);
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    await expect.poll(() => mailsMentioning(name).length).toBe(2);
  });

  test('shows each field message and sends nothing while fields are invalid', async ({ page }) => {
    const form = await openContactForm(page);
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posted += 1;
    });
    await form.getByLabel('Email *').fill('not-an-email');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Please tell us how you found us')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await expect(form.getByLabel('Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);
  });

  test('on failure shows the error toast and keeps what was typed', async ({ page, allowPageErrors }) => {
    allowPageErrors(/status of 503/);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"x","message":"down"}}' }),
    );
    const form = await openContactForm(page);
    await form.getByLabel('Name *').fill('Kept Name');
    await form.getByLabel('Email *').fill('kept@example.com');
    await form.getByLabel('How did you find us? *').selectOption('linkedin');
    await form.getByLabel('Message *').fill('Please keep this text.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByRole('region', { name: /Notification/ });
    await expect(toast).toContainText('Error sending message');
    await expect(toast).toContainText('Please try again later.');
    await expect(form.getByLabel('Name *')).toHaveValue('Kept Name');
    await expect(form.getByLabel('Email *')).toHaveValue('kept@example.com');
    await expect(form.getByLabel('How did you find us? *')).toHaveValue('linkedin');
    await expect(form.getByLabel('Message *')).toHaveValue('Please keep this text.');
  });

  test('a failure put right leaves nothing stale: the error toast goes when the message is sent', async ({
    page,
    allowPageErrors,
  }) => {
    allowPageErrors(/status of 503/);
    await page.clock.install({ time: Date.now() - 10 * 60_000 });
    let failNext = true;
    await page.route('**/api/contact', async (route) => {
      if (!failNext) return route.continue();
      failNext = false;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"x","message":"down"}}',
      });
    });
    const form = await openContactForm(page);
    await form.getByLabel('Name *').fill(`Stale Check ${Date.now()}`);
    await form.getByLabel('Email *').fill('stale@example.com');
    await form.getByLabel('How did you find us? *').selectOption('other');
    await form.getByLabel('Message *').fill('First try fails, the second goes through.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toasts = page.getByRole('region', { name: /Notification/ });
    await expect(toasts).toContainText('Error sending message');
    await holdToasts(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
    await expect(toasts).toContainText('Message sent successfully!');
    await expect(toasts.getByText('Error sending message')).toHaveCount(0);
  });

  test("a server's field message shows once, under its field, and goes when the field is corrected", async ({
    page,
    allowPageErrors,
  }) => {
    allowPageErrors(/status of 422/);
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'invalid_fields',
            message: 'Some fields are invalid',
            fields: { email: 'Email must be at most 254 characters' },
          },
        }),
      }),
    );
    const form = await openContactForm(page);
    await form.getByLabel('Name *').fill('Field Check');
    await form.getByLabel('Email *').fill('field@example.com');
    await form.getByLabel('How did you find us? *').selectOption('other');
    await form.getByLabel('Message *').fill('The server refuses the email field.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const email = form.getByLabel('Email *');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email must be at most 254 characters');
    const toasts = page.getByRole('region', { name: /Notification/ });
    await expect(toasts).toContainText('Error sending message');
    await expect(toasts).toContainText('Check the highlighted fields.');
    await expect(page.getByText('Email must be at most 254 characters')).toHaveCount(1);
    await email.fill('field2@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('Email must be at most 254 characters')).toHaveCount(0);
  });

  test('can be filled and sent by keyboard alone', async ({ page }) => {
    await page.clock.install({ time: Date.now() - 10 * 60_000 });
    const form = await openContactForm(page);
    await form.getByLabel('Name *').focus();
    await page.keyboard.type('Keyboard User');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Email *')).toBeFocused();
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('How did you find us? *')).toBeFocused();
    await form.getByLabel('How did you find us? *').selectOption('other');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Message *')).toBeFocused();
    await page.keyboard.type('Sent without a mouse.');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeFocused();
  });

  test('F8 moves focus to the notification region', async ({ page, allowPageErrors }) => {
    allowPageErrors(/status of 500/);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
    const form = await openContactForm(page);
    await form.getByLabel('Name *').fill('A B');
    await form.getByLabel('Email *').fill('a@example.com');
    await form.getByLabel('How did you find us? *').selectOption('other');
    await form.getByLabel('Message *').fill('x');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('region', { name: /Notification/ }).getByText('Error sending message')).toBeVisible();
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: /Notification/ }).locator('ol')).toBeFocused();
  });
});

test.describe('emergency form', () => {
  test('its error toast goes with the dialog, and gives way to the confirmation once sent', async ({
    page,
    allowPageErrors,
  }) => {
    allowPageErrors(/status of 503/);
    await page.clock.install({ time: Date.now() - 10 * 60_000 });
    let failures = 2;
    await page.route('**/api/contact', async (route) => {
      if (failures === 0) return route.continue();
      failures -= 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"x","message":"down"}}',
      });
    });
    await page.goto('/');
    await waitForIsland(page, 'emergency-support');
    const open = async () => {
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('openEmergencyContact')));
      const dialog = page.getByRole('dialog', { name: 'Emergency Contact' });
      await dialog.getByLabel('Your name *').fill(`Casey Stale ${Date.now()}`);
      await dialog.getByLabel('Email or phone *').fill('(302) 555-0142');
      await dialog.getByLabel('What happened? *').fill('The shop site is down.');
      await dialog.getByRole('button', { name: 'Send Emergency Request' }).click();
      return dialog;
    };
    const error = page.getByText('Error sending message', { exact: true });

    // Failed, then the dialog closed: the error leaves with it.
    let dialog = await open();
    await expect(error).toBeVisible();
    await holdToasts(page);
    // (Escape would close the toast first: it is the newest layer on the page.)
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(error).toHaveCount(0);

    // Failed, then sent: the confirmation, and no error left behind.
    dialog = await open();
    await expect(error).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Emergency Request' }).click();
    await expect(dialog.getByRole('status')).toContainText("We're on it.");
    await expect(page.getByText('Emergency request sent', { exact: true })).toBeVisible();
    await expect(error).toHaveCount(0);
  });
});
