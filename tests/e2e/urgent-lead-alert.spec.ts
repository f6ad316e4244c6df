/**
 * The urgent-lead alert (docs/product.md#urgent-lead-alert), two people side by side: a staff
 * member's dashboard is open; a visitor, in a browser of their own, sends an emergency request;
 * the dashboard shows an announced banner naming the lead and linking to it, plays its sound and,
 * once the staff member allowed alerts, shows a system notification. Also 'Where alerts go'
 * (docs/product.md#notification-routes).
 *
 * The browser's Notification and AudioContext are replaced by recorders before the page loads,
 * so the test sees what was shown and played without a desktop or a speaker.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, waitForIsland } from './fixtures.ts';
import { test } from './support/visitor.ts';
import { LIVE, openLive, unique } from './support/live-pages.ts';

/** What the recorders saw: notifications shown, audio contexts made. */
interface Recorded {
  notifications: { title: string; body?: string }[];
  sounds: number;
}

/** Replaces Notification (permission 'default' until asked, then 'granted') and counts AudioContexts. */
async function recordAlerts(page: Page) {
  await page.addInitScript(() => {
    const recorded: { notifications: { title: string; body?: string }[]; sounds: number } = {
      notifications: [],
      sounds: 0,
    };
    (window as unknown as { __alerts: typeof recorded }).__alerts = recorded;
    class RecordingNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission() {
        RecordingNotification.permission = 'granted';
        return Promise.resolve<NotificationPermission>('granted');
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        recorded.notifications.push({ title, body: options?.body });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
    const Real = window.AudioContext;
    Object.defineProperty(window, 'AudioContext', {
      configurable: true,
      value: class extends Real {
        constructor(options?: AudioContextOptions) {
          super(options);
          recorded.sounds++;
        }
      },
    });
  });
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __alerts: Recorded }).__alerts);

/** Sends the Emergency Contact form as a visitor would; resolves with the stored lead's id. */
async function sendEmergency(visitor: Page, name: string): Promise<string> {
  // The form was opened minutes ago: not taken for a bot.
  await visitor.clock.install({ time: Date.now() - 10 * 60_000 });
  await visitor.goto('/');
  await waitForIsland(visitor, 'emergency-support');
  await visitor.evaluate(() => window.dispatchEvent(new CustomEvent('openEmergencyContact')));
  const dialog = visitor.getByRole('dialog', { name: 'Emergency Contact' });
  await dialog.getByLabel('Your name *').fill(name);
  await dialog.getByLabel('Email or phone *').fill('(302) 555-0142');
  await dialog.getByLabel('What happened? *').fill('Our shop site shows a ransom note.');
  const answer = visitor.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Send Emergency Request' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('an emergency request alerts the open dashboard at once: banner, sound and, once allowed, a notification', async ({
  staffPage,
  visitor,
}) => {
  await recordAlerts(staffPage);
  await openLive(staffPage, '/admin', 'admin');

  // Where each kind of alert goes, and the button that allows desktop alerts.
  const routes = staffPage.getByRole('region', { name: 'Where alerts go' });
  await expect(routes.getByRole('listitem')).toHaveText([
    'New leads go to team@example.com.',
    'Urgent leads go to team@example.com, owner@agency.example, and staff@agency.example.',
    'Client messages and waiting chats go to owner@agency.example and staff@agency.example.',
  ]);
  await routes.getByRole('button', { name: 'Allow alerts' }).click();
  await expect(routes).toContainText('Desktop alerts on');

  const name = unique('Pat Urgent');
  const leadId = await sendEmergency(visitor, name);
  await expect(visitor.getByText('Our on-call team has been alerted.', { exact: true })).toBeVisible();

  // (Other tests' urgent leads, sent meanwhile, alert this dashboard too.)
  const alerts = staffPage.getByRole('region', { name: 'Urgent alerts' });
  await expect(alerts).toHaveAttribute('aria-live', 'assertive');
  const alert = alerts.getByRole('article', { name: `Urgent lead: ${name}` });
  await expect(alert).toBeVisible(LIVE);
  await expect(alert).toContainText(`Urgent lead: ${name}`);
  await expect(alert).toContainText('From the emergency form.');
  const open = alert.getByRole('link', { name: 'Open the lead' });
  await expect(open).toHaveAttribute('href', `#lead/${leadId}`);
  const seen = await recorded(staffPage);
  expect(seen.notifications.filter((n) => n.title.includes(name))).toEqual([
    { title: `Urgent lead: ${name}`, body: 'From the emergency form. Open the dashboard to answer.' },
  ]);
  expect(seen.sounds).toBeGreaterThanOrEqual(1);
  await expectNoAxeViolations(staffPage);

  // The link opens the lead's page, and the alert goes away.
  await open.click();
  await expect(staffPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('an ordinary lead raises no alert', async ({ staffPage, visitor }) => {
  await recordAlerts(staffPage);
  await openLive(staffPage, '/admin', 'admin');
  const calm = unique('Jamie Calm');
  const urgent = unique('Pat Later');
  await visitor.goto('/');
  const post = (data: object) => visitor.request.post('/api/contact', { data });
  const message = 'A new site, please.';
  expect(
    (await post({ name: calm, email: 'jamie@example.com', message, howDidYouFindUs: 'google-search' })).status(),
  ).toBe(201);
  expect((await post({ source: 'emergency', name: urgent, contact: '(302) 555-0142', message })).status()).toBe(201);
  // Events arrive in the order they were stored: once the later urgent lead's alert is there,
  // an alert about the ordinary one would have come before it.
  const alerts = staffPage.getByRole('region', { name: 'Urgent alerts' });
  await expect(alerts.getByRole('article', { name: `Urgent lead: ${urgent}` })).toBeVisible(LIVE);
  await expect(alerts).not.toContainText(calm);
  // Alerts were not allowed in this browser: no system notification.
  expect((await recorded(staffPage)).notifications).toEqual([]);
});
