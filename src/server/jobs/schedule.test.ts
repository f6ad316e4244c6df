import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env/index.ts';
import { SCHEDULED_JOBS, startJobs, type JobContext, type ScheduledJob } from './schedule.ts';

const env = parseEnv({ NODE_ENV: 'test', BACKUP_EVERY_HOURS: '6' });
const errors: unknown[] = [];
const context = {
  env,
  log: { error: (fields: unknown) => errors.push(fields) } as unknown as Logger,
} as JobContext;

/** A job that records what it was started with and when it was stopped. */
function fakeJob(name: string, underLease: boolean, seen: string[], failStop = false): ScheduledJob {
  return {
    name,
    underLease,
    everyMs: () => 1234,
    start: (_context, timing) => {
      seen.push(`${name} every ${timing.everyMs} ms, runs: ${timing.shouldRun()}`);
      return {
        stop: async () => {
          seen.push(`${name} stopped`);
          if (failStop) throw new Error('stuck');
        },
      };
    },
  };
}

describe('the scheduled jobs', () => {
  it('are one list: the sweep, retention, chat escalation, proposals, invoices and backups under the lease; emails and exports in each process', () => {
    expect(SCHEDULED_JOBS.map((job) => [job.name, job.underLease])).toEqual([
      ['sweep', true],
      ['retention', true],
      ['chat-escalation', true],
      ['proposals', true],
      ['invoices', true],
      ['backups', true],
      ['notifications', false],
      ['data-exports', false],
    ]);
    const every = Object.fromEntries(SCHEDULED_JOBS.map((job) => [job.name, job.everyMs(env)]));
    expect(every).toEqual({
      sweep: 3_600_000,
      retention: 86_400_000,
      'chat-escalation': 20_000,
      proposals: 300_000,
      invoices: 300_000,
      backups: 6 * 3_600_000,
      notifications: 1000,
      'data-exports': 1000,
    });
  });

  it('run under the lease only while this process holds it, and stop together', async () => {
    const seen: string[] = [];
    let held = false;
    const running = startJobs(context, () => held, [fakeJob('leased', true, seen), fakeJob('everywhere', false, seen)]);
    expect(seen).toEqual(['leased every 1234 ms, runs: false', 'everywhere every 1234 ms, runs: true']);
    held = true;
    const again = startJobs(context, () => held, [fakeJob('leased', true, seen)]);
    expect(seen.at(-1)).toBe('leased every 1234 ms, runs: true');
    await running.stop();
    await again.stop();
    expect(seen.filter((line) => line.endsWith('stopped'))).toEqual([
      'leased stopped',
      'everywhere stopped',
      'leased stopped',
    ]);
  });

  it('stops the others when one fails to stop, and logs it by name', async () => {
    const seen: string[] = [];
    errors.length = 0;
    const running = startJobs(context, () => true, [fakeJob('stuck', false, seen, true), fakeJob('fine', false, seen)]);
    await running.stop();
    expect(seen.filter((line) => line.endsWith('stopped'))).toEqual(['stuck stopped', 'fine stopped']);
    expect(errors).toEqual([expect.objectContaining({ job: 'stuck' })]);
  });
});
