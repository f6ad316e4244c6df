import type { Page } from '@playwright/test';
import { insertLeads } from './support/data.ts';
import { test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';

/**
 * The dashboard's lists as tables on wide screens (search, filters and sort in the address,
 * keyboard navigation, "Load more"), a client's page, the leads board, bulk actions and a lead's
 * page with its audit report; axe on each new screen at 1280 px and, in the phone project, at 375 px.
 * Each test searches for names of its own, so other tests' records never show up.
 */
test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  allowPageErrors(/status of 401/);
});

const tag = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const rows = (page: Page) => page.locator('table tbody tr');
/** The rows of details opened under table rows. */
const details = (page: Page) => page.locator('table tbody tr:not([data-row])');

test('clients table: search, sort and the row keys, with the address keeping the view through reload and Back', async ({
  staffPage: page,
  newClient,
}) => {
  const word = tag();
  const names = ['Carla', 'Abe', 'Bianca'].map((first) => `${first} ${word}`);
  for (const name of names) await newClient({ name, company: `${word} Shop`, projects: [{ title: `Site ${word}` }] });

  await page.goto(`/admin#clients?q=${word}`);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByLabel('Search clients')).toHaveValue(word);
  await expect(page.getByText('Showing 3 of 3 clients')).toBeVisible();

  // Sort by name: the header says so, the address keeps it, a reload too.
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sort=name\.asc/);
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page).first()).toHaveAccessibleName(`Abe ${word}`);
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).nth(2)).toHaveAccessibleName(`Carla ${word}`);
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sort=name\.desc/);
  await expect(rows(page).first()).toHaveAccessibleName(`Carla ${word}`);
  await page.goBack();
  await expect(page).toHaveURL(/sort=name\.asc/);
  await expect(rows(page).first()).toHaveAccessibleName(`Abe ${word}`);

  // Keyboard: one tab stop for the rows, arrows, Home and End, Enter opens the client's page.
  await rows(page).first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows(page).nth(2)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Bianca ${word}` })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Projects' })).toContainText(`Site ${word}`);
  await page.goBack();
  await expect(page.getByLabel('Search clients')).toHaveValue(word);
  await expect(rows(page)).toHaveCount(3);
});

test('projects table: the status filter and a search that finds nothing', async ({ staffPage: page, newClient }) => {
  const word = tag();
  await newClient({
    name: `Owner ${word}`,
    projects: [
      { title: `Review ${word}`, status: 'review' },
      { title: `Planning ${word}`, status: 'planning' },
    ],
  });
  await page.goto(`/admin#projects?q=${word}`);
  await expect(rows(page)).toHaveCount(2);
  await page.getByLabel('Status').selectOption('review');
  await expect(page).toHaveURL(/status=review/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Review ${word}`);
  await page.getByLabel('Search projects').fill(`${word} "NEAR( -*`);
  await expect(page.getByText('No projects found')).toBeVisible();
});

test('messages table: unread only, and Load more brings the next page without repeating a row', async ({
  staffPage: page,
  newClient,
}) => {
  const word = tag();
  const messages = Array.from({ length: 55 }, (_, i) => ({
    subject: `Note ${i} ${word}`,
    message: 'Text',
    fromClient: true,
    isRead: i % 5 !== 0,
    createdAt: new Date(Date.now() - i * 60_000),
  }));
  await newClient({ name: `Talker ${word}`, projects: [{ title: `Chat ${word}`, messages }] });
  await page.goto(`/admin#messages?q=${word}&sort=createdAt.desc`);
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByText('Showing 50 of 55 messages')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows(page)).toHaveCount(55);
  const subjects = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('aria-label')));
  expect(new Set(subjects).size).toBe(55);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByLabel('Show').selectOption('true');
  await expect(page).toHaveURL(/unread=true/);
  await expect(rows(page)).toHaveCount(11);
  await expect(rows(page).first()).toHaveAccessibleName(`Unread: Note 0 ${word}`);
});

test('every table row holds what its card shows, the rest in details opened by keyboard', async ({
  staffPage: page,
  newClient,
  database,
}) => {
  const word = tag();
  const description = `Storefront rebuild ${word}. ${'A long brief that the row only begins. '.repeat(6)}The end of it.`;
  await newClient({
    name: `Owner ${word}`,
    projects: [
      {
        title: `Shop ${word}`,
        status: 'in-progress',
        description,
        startDate: '2026-03-02',
        budget: 450_000,
        messages: [
          {
            subject: `Asked ${word}`,
            message: `Can we move the launch? ${'Some more words. '.repeat(12)}Thanks.`,
            fromClient: true,
          },
          { subject: `Answered ${word}`, message: 'Yes, to Friday.', fromClient: false },
        ],
      },
    ],
  });
  await insertLeads(database, [
    {
      name: `Lena ${word}`,
      email: `lena.${word}@example.com`,
      phone: '302-555-0142',
      message: 'Please call me.\nAbout a new site.',
    },
  ]);

  // Projects: description, client, budget, start and created dates in the row.
  await page.goto(`/admin#projects?q=${word}`);
  await expect(rows(page)).toHaveCount(1);
  const project = rows(page).first();
  await expect(project).toContainText(`Shop ${word}`);
  await expect(project).toContainText('In Progress');
  await expect(project).toContainText(`Storefront rebuild ${word}.`);
  await expect(project).toContainText(`Owner ${word}`);
  await expect(project).toContainText('$4,500');
  await expect(project).toContainText('Mar 2, 2026');
  await expect(page.getByRole('columnheader', { name: 'Start date' })).toBeVisible();
  // Keyboard: the row, then Tab to its details button, Enter: the whole description.
  await project.focus();
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: `Details: Shop ${word}, Owner ${word}` });
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(details(page)).toContainText('The end of it.');

  // Messages: 'Unread' and 'From Client' with a marked left edge, 'From Team', the whole message in details.
  await page.goto(`/admin#messages?q=${word}`);
  const asked = page.getByRole('row', { name: `Unread: Asked ${word}` });
  const answered = page.getByRole('row', { name: `Answered ${word}` });
  await expect(asked).toContainText('Unread');
  await expect(asked).toContainText('From Client');
  await expect(answered).toContainText('From Team');
  await expect(answered).not.toContainText('Unread');
  const edge = (row: typeof asked) =>
    row
      .locator('td')
      .first()
      .evaluate((td) => getComputedStyle(td).boxShadow);
  expect(await edge(asked)).toMatch(/inset/);
  expect(await edge(answered)).toBe('none');
  await asked.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(details(page)).toContainText(/Some more words\. Thanks\./);

  // Leads: the email as a mailto link, Reply via Email prefilled, Call for a real phone number.
  await page.goto(`/admin#leads?q=${word}`);
  const lead = rows(page).first();
  await expect(lead).toContainText('New Lead');
  await expect(lead.getByRole('link', { name: `lena.${word}@example.com` })).toHaveAttribute(
    'href',
    `mailto:lena.${word}@example.com`,
  );
  const reply = lead.getByRole('link', { name: `Reply via Email to Lena ${word}` });
  const href = decodeURIComponent((await reply.getAttribute('href')) ?? '');
  expect(href).toContain(`mailto:lena.${word}@example.com?subject=Re: Your message to First State Web Studio`);
  expect(href).toContain(`Hi Lena ${word},`);
  expect(href).toContain('> Please call me.\n> About a new site.');
  await expect(lead.getByRole('link', { name: `Call Lena ${word}` })).toHaveAttribute('href', /^tel:\+?1?3025550142$/);
  await lead.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(details(page)).toHaveText(/^Please call me\.\s+About a new site\./);
});

test('a table taller than its box says so and scrolls; its status badges stay on one line', async ({
  staffPage: page,
  newClient,
}) => {
  const word = tag();
  const messages = Array.from({ length: 14 }, (_, i) => ({
    subject: `Long note ${i} ${word}`,
    message: 'We moved the order button above the fold and checked the page on three phones.',
    fromClient: true,
    isRead: true,
    createdAt: new Date(Date.now() - i * 60_000),
  }));
  await newClient({
    name: `Scroller ${word}`,
    projects: [{ title: `Redesign and online menu ${word}`, status: 'in-progress', messages }],
  });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`/admin#messages?q=${word}`);
  await expect(rows(page)).toHaveCount(14);
  const box = page.getByRole('region', { name: 'Messages table' });
  await expect(box).toHaveAttribute('tabindex', '0');
  await expect(box.locator('table')).toBeVisible();
  const cue = (edge: 'top' | 'bottom') => box.locator('xpath=..').locator(`[data-scroll-cue="${edge}"]`);
  const hint = box.locator('xpath=../..').locator('[data-scroll-cue="hint"]');
  await expect(cue('bottom')).toHaveCSS('opacity', '1');
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText('Scroll for more rows');
  await expect(cue('top')).toHaveCSS('opacity', '0');
  // The last row, reached by keyboard, scrolls into view and the cue at the bottom goes.
  await rows(page).first().focus();
  await page.keyboard.press('End');
  await expect(rows(page).last()).toBeFocused();
  await expect(cue('bottom')).toHaveCSS('opacity', '0');
  await expect(hint).toBeHidden();
  await expect(cue('top')).toHaveCSS('opacity', '1');

  await page.goto(`/admin#projects?q=${word}`);
  const badge = rows(page).first().getByText('In Progress', { exact: true });
  const { height, lineHeight } = await badge.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height).toBeLessThan(2 * lineHeight);
});

test('leads: the board by status, a move between columns, bulk status in the list, and the CSV of the filtered list', async ({
  staffPage: page,
  database,
}) => {
  const word = tag();
  await insertLeads(database, [
    { name: `Nora ${word}`, email: `nora.${word}@example.com` },
    { name: `Otto ${word}`, status: 'contacted' },
    { name: `Pia ${word}` },
  ]);
  await page.goto(`/admin#leads?view=board&q=${word}`);
  const column = (label: string) => page.getByRole('region', { name: new RegExp(`^${label}`) });
  await expect(column('New').getByRole('listitem')).toHaveCount(2);
  await expect(column('Contacted').getByRole('listitem')).toHaveCount(1);
  await page.getByLabel(`Status of Nora ${word}`).selectOption('won');
  await expect(column('Won').getByRole('listitem')).toHaveCount(1);
  await expect(column('New').getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'List' }).click();
  await expect(page).not.toHaveURL(/view=board/);
  await expect(rows(page)).toHaveCount(3);
  await page.getByLabel(`Select Otto ${word}`).check();
  await page.getByLabel(`Select Pia ${word}`).check();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk).toContainText('2 selected');
  await bulk.getByLabel('Set status to').selectOption('lost');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('2 leads updated');
  await page.getByLabel('Status').selectOption('lost');
  await expect(rows(page)).toHaveCount(2);

  const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  expect(csvHref).toContain(`q=${word}`);
  expect(csvHref).toContain('status=lost');
  const csv = await (await page.request.get(csvHref!)).text();
  expect(csv.trim().split('\r\n')).toHaveLength(3);
  expect(csv).toContain(`Otto ${word}`);
  expect(csv).not.toContain(`Nora ${word}`);
});

test("a lead's page shows its message, where it came from, the audit report and the notes", async ({
  staffPage: page,
  database,
}) => {
  const word = tag();
  const [id] = await insertLeads(database, [
    {
      name: `Audit ${word}`,
      email: `audit.${word}@example.com`,
      source: 'audit',
      message: `Requested audit for: https://${word}.example`,
      howDidYouFindUs: 'google',
      auditScore: 64,
      auditReport: {
        url: `https://${word}.example`,
        finalUrl: `https://${word}.example/`,
        score: 64,
        checks: [{ id: 'https', category: 'Security', label: 'Served over HTTPS', points: 10, earned: 10 }],
        issues: [
          { category: 'SEO', severity: 'medium', message: 'No meta description.', impact: 'Search results show less.' },
        ],
        recommendations: ['Write a meta description.'],
        notMeasured: 'Core Web Vitals',
        auditedAt: new Date().toISOString(),
      },
    },
  ]);
  await page.goto(`/admin#lead/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Audit ${word}` })).toBeFocused();
  await expect(page.getByText(`Requested audit for: https://${word}.example`)).toBeVisible();
  await expect(page.getByText('Website audit')).toBeVisible();
  await expect(page.getByText('How they found us:')).toBeVisible();
  const report = page.getByRole('region', { name: 'Audit report' });
  await expect(report).toContainText('64/100');
  await expect(report.getByRole('row', { name: /Served over HTTPS/ })).toContainText('10 of 10');
  await expect(report).toContainText('No meta description.');
  await expect(report).toContainText('Write a meta description.');
  await page.getByLabel(/New note/).fill('Called, will send a quote');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Called, will send a quote')).toBeVisible();
});

for (const width of [1280, 375]) {
  test(`axe finds nothing on the new screens at ${width} px`, async ({ staffPage: page, newClient, database }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const word = tag();
    const client = await newClient({
      name: `Axe ${word}`,
      company: 'Axe Co',
      projects: [
        { title: `Axe site ${word}`, messages: [{ subject: `Hello ${word}`, message: 'Hi', fromClient: true }] },
      ],
    });
    const [leadId] = await insertLeads(database, [{ name: `Axe lead ${word}`, email: `axe.${word}@example.com` }]);
    for (const fragment of [
      `clients?q=${word}`,
      `projects?q=${word}`,
      `messages?q=${word}`,
      `leads?q=${word}`,
      `leads?view=board&q=${word}`,
      `client/${client.id}`,
      `lead/${leadId}`,
    ]) {
      await page.goto(`/admin#${fragment}`);
      await page.reload();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      await expect(page.getByText(word).first()).toBeVisible();
      await expectNoAxeViolations(page, { soft: true });
    }
  });
}
