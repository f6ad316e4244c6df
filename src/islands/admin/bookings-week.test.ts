import { describe, expect, it } from 'vitest';
import {
  byDay,
  dayOf,
  shiftWeek,
  timeOf,
  timeRange,
  todayIn,
  weekDates,
  weekLabel,
  weekOf,
  zonedInstant,
} from './bookings-week.ts';

const NY = 'America/New_York';

describe('the Bookings tab week, in the agency zone', () => {
  it('starts the week on Monday, from the address or from today in the zone', () => {
    expect(weekOf('2027-03-14', NY)).toBe('2027-03-08'); // a Sunday
    expect(weekOf('2027-03-08', NY)).toBe('2027-03-08');
    expect(weekOf('2027-02-30', NY, new Date('2027-03-10T12:00:00Z'))).toBe('2027-03-08');
    expect(weekOf(undefined, NY, new Date('2027-03-10T12:00:00Z'))).toBe('2027-03-08');
    // 02:00 UTC on Monday is still Sunday evening in New York.
    expect(weekOf(undefined, NY, new Date('2027-03-15T02:00:00Z'))).toBe('2027-03-08');
    expect(todayIn(NY, new Date('2027-03-15T02:00:00Z'))).toBe('2027-03-14');
  });

  it('lists seven days across a change of clocks, and moves by whole weeks', () => {
    expect(weekDates('2027-03-08', NY)).toEqual([
      '2027-03-08',
      '2027-03-09',
      '2027-03-10',
      '2027-03-11',
      '2027-03-12',
      '2027-03-13',
      '2027-03-14',
    ]);
    expect(shiftWeek('2027-03-08', 1, NY)).toBe('2027-03-15');
    expect(shiftWeek('2027-01-04', -1, NY)).toBe('2026-12-28');
    expect(weekLabel('2026-12-28', NY)).toBe('Dec 28 – Jan 3, 2027');
  });

  it('turns a date and time typed in the zone into the UTC instant, either side of DST', () => {
    expect(zonedInstant('2027-03-12', '09:30', NY)).toBe('2027-03-12T14:30:00.000Z');
    expect(zonedInstant('2027-03-15', '09:30', NY)).toBe('2027-03-15T13:30:00.000Z');
    expect(zonedInstant('2027-03-15', '9:30', NY)).toBeNull();
    expect(zonedInstant('2027-13-01', '09:30', NY)).toBeNull();
  });

  it('reads an instant back as the zone’s date and time', () => {
    expect(dayOf('2027-03-15T02:00:00.000Z', NY)).toBe('2027-03-14');
    expect(timeOf('2027-03-15T13:30:00.000Z', NY)).toBe('09:30');
    expect(timeRange('2027-03-15T13:30:00.000Z', '2027-03-15T14:00:00.000Z', NY)).toBe('9:30 AM – 10:00 AM');
  });

  it('puts bookings under their day in the zone, by start', () => {
    const items = [
      { id: 'b', start: '2027-03-09T15:00:00.000Z' },
      { id: 'a', start: '2027-03-09T14:00:00.000Z' },
      { id: 'late', start: '2027-03-15T02:00:00.000Z' }, // Sunday evening in New York
      { id: 'next', start: '2027-03-15T14:00:00.000Z' },
    ];
    const days = byDay(items, weekDates('2027-03-08', NY), NY);
    expect(days.get('2027-03-09')?.map((i) => i.id)).toEqual(['a', 'b']);
    expect(days.get('2027-03-14')?.map((i) => i.id)).toEqual(['late']);
    expect([...days.values()].flat()).toHaveLength(3);
  });
});
