import { describe, expect, it } from 'vitest';
import { reminderDue } from './housekeeping.ts';
import { cancellationDay, commitmentEnd } from './plans.ts';

describe('the plan’s days (docs/product.md#payments)', () => {
  it('ends a 12-month commitment the day before the same date a year on, also from a month’s last day', () => {
    expect(commitmentEnd('2026-12-02')).toBe('2027-12-01');
    expect(commitmentEnd('2026-01-31')).toBe('2027-01-30');
    expect(commitmentEnd('2028-02-29')).toBe('2029-02-27');
  });

  it('cancels on the later of the commitment’s last day and 30 days’ notice', () => {
    expect(cancellationDay('2027-03-01', '2027-12-01')).toBe('2027-12-01');
    expect(cancellationDay('2027-11-20', '2027-12-01')).toBe('2027-12-20');
    expect(cancellationDay('2027-12-31', '2027-12-01')).toBe('2028-01-30');
    expect(cancellationDay('2027-03-01', null)).toBe('2027-03-31');
  });
});

describe('which reminder is due (docs/product.md#invoices)', () => {
  const due = '2026-12-20';
  it('is nothing before 3 days ahead, then before, due and after on their days and later', () => {
    expect(reminderDue(due, '2026-12-01', '2026-12-16')).toBeNull();
    expect(reminderDue(due, '2026-12-01', '2026-12-17')).toBe('before');
    expect(reminderDue(due, '2026-12-01', '2026-12-19')).toBe('before');
    expect(reminderDue(due, '2026-12-01', '2026-12-20')).toBe('due');
    expect(reminderDue(due, '2026-12-01', '2026-12-26')).toBe('due');
    expect(reminderDue(due, '2026-12-01', '2026-12-27')).toBe('after');
    expect(reminderDue(due, '2026-12-01', '2027-02-01')).toBe('after');
  });

  it('skips "3 days before" for an invoice issued within those 3 days', () => {
    expect(reminderDue(due, '2026-12-18', '2026-12-18')).toBeNull();
    expect(reminderDue(due, '2026-12-17', '2026-12-19')).toBeNull();
    expect(reminderDue(due, '2026-12-16', '2026-12-17')).toBe('before');
  });
});
