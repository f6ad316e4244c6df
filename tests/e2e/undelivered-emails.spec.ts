/**
 * Notification emails that failed after every try are shown to staff above the counters, and
 * 'Try again' queues one again (docs/product.md#notifications).
 */
import { expect, test } from './fixtures.ts';
import { emailState, insertFailedEmail, uniqueSuffix } from './support/data.ts';

test('staff see an undelivered email and queue it again', async ({ staffPage: page, database }) => {
  const subject = `New message from Dana ${uniqueSuffix()}: Logo`;
  const id = await insertFailedEmail(database, subject);
  await page.goto('/admin');
  const panel = page.getByRole('region', { name: /Undelivered emails/ });
  const row = panel.getByRole('listitem').filter({ hasText: subject });
  await expect(row).toContainText('To owner@agency.example · 8 tries');
  await expect(row).toContainText('connect ECONNREFUSED 127.0.0.1:25');
  await row.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email queued again' })).toBeVisible();
  await expect(row).toBeHidden();
  expect(['queued', 'sending', 'sent']).toContain(await emailState(database, id));
});
