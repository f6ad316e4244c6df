/**
 * A proposal's time (docs/product.md#proposals): it expires after its last day in the agency's
 * time zone, and its signers get one reminder 3 days before, never two.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationEmails, proposals } from '../../db/schema/index.ts';
import { proposalsRound } from '../../src/server/jobs/proposals.ts';
import { daysFromToday } from '../../src/server/services/proposals/validity.ts';
import { withStaffApi } from './helpers.ts';
import { call, proposalHelpers } from './proposal-helpers.ts';

const STAFF = 'owner@example.com';
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com' });
const { sentToClient } = proposalHelpers(suite);
const DAY = 24 * 60 * 60 * 1000;

const reminders = async (title: string) =>
  (await suite.api.db.read.select().from(notificationEmails)).filter((e) => e.subject.startsWith(`Reminder: ${title}`));

describe('a proposal’s time', () => {
  it('reminds whoever may sign once, 3 days before its last day, and never twice', async () => {
    const { id, owner } = await sentToClient('Reminded Co');
    await suite.api.db.write((tx) => tx.update(proposals).set({ title: 'Reminded site' }).where(eq(proposals.id, id)));
    const env = suite.api.env;
    // 20 days before its last day (30 days from today): no reminder yet.
    expect((await proposalsRound(suite.api.db, suite.api.storage, env)).reminded).toBe(0);
    // 3 days before: one reminder, to the owner; a second round, or a second process, sends none.
    const threeDaysBefore = new Date(Date.now() + 27 * DAY + 60_000);
    const rounds = await Promise.all([
      proposalsRound(suite.api.db, suite.api.storage, env, threeDaysBefore),
      proposalsRound(suite.api.db, suite.api.storage, env, threeDaysBefore),
    ]);
    expect(rounds[0]!.reminded + rounds[1]!.reminded).toBe(1);
    expect((await proposalsRound(suite.api.db, suite.api.storage, env, threeDaysBefore)).reminded).toBe(0);
    const sent = await reminders('Reminded site');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([owner.email]);
  });

  it('records an open proposal expired once its last day has ended, and tells its client’s screens', async () => {
    const { id, ownerToken } = await sentToClient('Expiring Co');
    const lastDay = daysFromToday('America/New_York', 30);
    const afterIt = new Date(Date.now() + 32 * DAY);
    const done = await proposalsRound(suite.api.db, suite.api.storage, suite.api.env, afterIt);
    expect(done.expired).toBeGreaterThanOrEqual(1);
    const [row] = await suite.api.db.read.select().from(proposals).where(eq(proposals.id, id));
    expect(row).toMatchObject({ status: 'expired', validUntil: lastDay });
    const seen = await call(suite, 'GET', `/api/client/proposals/${id}`, ownerToken);
    expect(seen.body.status).toBe('expired');
  });
});
