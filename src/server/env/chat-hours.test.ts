import { describe, expect, it } from 'vitest';
import { parseChatHours, withinChatHours } from './chat-hours.ts';

describe('CHAT_HOURS', () => {
  it('reads day ranges, single days and wrapping ranges', () => {
    expect(parseChatHours('Mon-Fri 09:00-17:30; Sat 10:00-14:00')).toEqual([
      { days: [1, 2, 3, 4, 5], from: 540, to: 1050 },
      { days: [6], from: 600, to: 840 },
    ]);
    expect(parseChatHours('Sat-Mon 00:00-24:00')).toEqual([{ days: [6, 0, 1], from: 0, to: 1440 }]);
    expect(parseChatHours('  ')).toEqual([]);
  });

  it.each(['Mon-Fri 9-17', 'Funday 09:00-17:00', 'Mon 17:00-09:00', 'Mon 09:60-10:00', 'Mon 09:00-25:00'])(
    'refuses %j, naming the entry',
    (setting) => {
      expect(() => parseChatHours(setting)).toThrow(/is not of the form Mon-Fri 09:00-17:00/);
    },
  );

  it('compares in the agency’s time zone, the end excluded', () => {
    const hours = parseChatHours('Mon-Fri 09:00-17:00');
    // Wednesday 2026-11-25, 13:59 UTC is 08:59 in New York (EST, UTC−5): before opening.
    expect(withinChatHours(hours, 'America/New_York', new Date('2026-11-25T13:59:00Z'))).toBe(false);
    expect(withinChatHours(hours, 'America/New_York', new Date('2026-11-25T14:00:00Z'))).toBe(true);
    expect(withinChatHours(hours, 'America/New_York', new Date('2026-11-25T21:59:00Z'))).toBe(true);
    expect(withinChatHours(hours, 'America/New_York', new Date('2026-11-25T22:00:00Z'))).toBe(false);
    // Saturday 2026-11-28 at noon in New York: closed all day.
    expect(withinChatHours(hours, 'America/New_York', new Date('2026-11-28T17:00:00Z'))).toBe(false);
    // No setting: any time.
    expect(withinChatHours([], 'America/New_York', new Date('2026-11-28T17:00:00Z'))).toBe(true);
  });
});
