/**
 * A backlog of notifications never starves requests (docs/product.md#notifications): a burst of
 * leads queued at once is turned into emails in bounded steps that let the event loop serve what
 * waits in between (health checks are answered while the round is still working), and every
 * lead's email is still sent exactly once. The health check's latency under a backlog is measured
 * by `npm run bench:backlog`, not asserted here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead } from '../../src/server/services/leads/leads.ts';
import { createTestApi, type TestApi } from './helpers.ts';

const LEADS = 1000;

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { LEADS_NOTIFY_TO: 'leads@agency.example' } });
});
afterAll(async () => {
  await api.close();
});

describe('a burst of leads queued at once', () => {
  it('is emailed once per lead while the server keeps answering', async () => {
    for (let i = 0; i < LEADS; i++) {
      await createLead(api.db, {
        name: `Burst Lead ${i}`,
        email: `burst-${i}@example.com`,
        message: 'One of a burst.',
        howDidYouFindUs: 'other',
        source: 'landing',
      });
    }
    // Health checks asked while the worker works: each answer that comes before the round ends was
    // served between its steps.
    let working = true;
    let answeredDuringRound = 0;
    const probing = (async () => {
      while (working) {
        const answer = await api.raw('/api/health');
        expect(answer.status).toBe(200);
        if (working) answeredDuringRound++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const sent = await api.deliver();
    working = false;
    await probing;
    expect(sent).toBe(LEADS);
    const outbox = join(api.env.OUTBOX_DIR!, '');
    const subjects = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(outbox, f), 'utf8').match(/^Subject: (.*)$/m)?.[1] ?? '')
      .filter((s) => s.includes('Burst Lead'));
    expect(subjects).toHaveLength(LEADS);
    expect(new Set(subjects).size).toBe(LEADS);
    // Health was answered many times while the round was still working: turning the 1,000 groups
    // into emails in one pass would have answered none until it ended.
    expect(answeredDuringRound).toBeGreaterThan(20);
  }, 120_000);
});
