/**
 * Invoice reminders (docs/product.md#invoices), on an injected clock: 3 days before the due date,
 * on it and 7 days after, each once, through the durable email queue; none for a paid or void
 * invoice; never two a day to one person (the second waits for the next day).
 */
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { remindInvoices } from '../../src/server/services/invoices/housekeeping.ts';
import { dayPlus } from '../../src/server/services/invoices/issuing.ts';
import { todayIn } from '../../src/server/services/proposals/validity.ts';
import { withStaffApi } from './helpers.ts';
import { call, proposalHelpers } from './proposal-helpers.ts';

const ZONE = 'America/New_York';
const suite = withStaffApi('owner@example.com', { SITE_URL: 'https://studio.example.com' });
const { newClient } = proposalHelpers(suite);
const admin = (method: string, path: string, body?: unknown) => call(suite, method, path, suite.staffToken, body);

/** Noon of `day` in the agency's zone. */
const noon = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 12, 0, 0, ZONE).getTime());
};

/** An issued invoice due on `dueDate` for `clientId`: its id and number. */
async function issuedDue(clientId: string, dueDate: string) {
  const created = await admin('POST', '/api/admin/invoices', {
    clientId,
    dueDate,
    items: [{ description: 'Monthly care', quantity: 1, unitPriceCents: 9_900 }],
  });
  const issued = await admin('POST', `/api/admin/invoices/${created.body.id}/issue`);
  expect(issued.status).toBe(200);
  return { id: created.body.id as string, number: issued.body.number as string };
}

/** The reminder emails to `email` delivered so far, by subject. */
async function remindersTo(email: string) {
  await suite.api.deliver();
  return suite.api
    .outbox()
    .filter((m) => m.includes(`To: ${email}`))
    .map((m) => /Subject: (.*)/.exec(m)?.[1] ?? '')
    .filter((subject) => /due|overdue/.test(subject));
}

describe('invoice reminders', () => {
  it('sends before, on and after the due date, each once, and stops once it is paid', async () => {
    const due = dayPlus(todayIn(ZONE), 10);
    const { clientId, owner } = await newClient('Reminded Co');
    const bill = await issuedDue(clientId, due);
    const paidOne = await issuedDue((await newClient('Paid Co')).clientId, due);
    await admin('POST', `/api/admin/invoices/${paidOne.id}/payments`, {
      amountCents: 9_900,
      method: 'check',
      receivedOn: todayIn(ZONE),
    });

    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, -4)))).toBe(0);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, -3)))).toBe(1);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, -2)))).toBe(0);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(due))).toBe(1);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, 6)))).toBe(0);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, 7)))).toBe(1);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, 8)))).toBe(0);
    // The outbox's files are not in sending order: the three, each once.
    const subjects = await remindersTo(owner.email);
    expect(subjects).toHaveLength(3);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Invoice ${bill.number} is due on `)),
        `Invoice ${bill.number} is due today`,
        `Invoice ${bill.number} is overdue`,
      ]),
    );
  });

  it('never sends one person two reminders a day: the second goes the next day, and none for a void invoice', async () => {
    const due = dayPlus(todayIn(ZONE), 12);
    const { clientId, owner } = await newClient('Two Bills');
    const first = await issuedDue(clientId, due);
    const second = await issuedDue(clientId, due);
    const voided = await issuedDue(clientId, due);
    expect((await admin('POST', `/api/admin/invoices/${voided.id}/void`, {})).status).toBe(200);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, -3)))).toBe(1);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, -3)))).toBe(0);
    expect(await remindInvoices(suite.api.db, suite.api.env, noon(dayPlus(due, -2)))).toBe(1);
    const subjects = await remindersTo(owner.email);
    expect(subjects).toHaveLength(2);
    expect(subjects.join(' ')).toContain(first.number);
    expect(subjects.join(' ')).toContain(second.number);
    expect(subjects.join(' ')).not.toContain(voided.number);
  });
});
