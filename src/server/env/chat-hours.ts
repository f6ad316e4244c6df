/**
 * The hours in which live chat is offered (`CHAT_HOURS`, docs/product.md#live-chat), read in the
 * agency's time zone (`SITE_TIME_ZONE`). Outside them the chat panel says the team is offline,
 * whoever is signed in.
 *
 * Format: entries separated by `;`, each a day or a range of days and a time range, 24-hour:
 * `Mon-Fri 09:00-17:30; Sat 10:00-14:00`. Days are Mon Tue Wed Thu Fri Sat Sun; a range may wrap
 * (`Sat-Sun`). An empty setting means any time.
 */

/** One entry: the days (0 = Sunday … 6 = Saturday) and the minutes of the day it covers. */
export interface ChatHoursEntry {
  days: number[];
  /** Minutes after midnight, inclusive. */
  from: number;
  /** Minutes after midnight, exclusive. */
  to: number;
}

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const ENTRY = /^([a-z]{3})(?:-([a-z]{3}))?\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/**
 * Parses a CHAT_HOURS setting.
 * @returns the entries; an empty list for an empty setting (any time)
 * @throws {Error} naming the entry that is not of the form `Mon-Fri 09:00-17:00`
 */
export function parseChatHours(setting: string): ChatHoursEntry[] {
  const entries: ChatHoursEntry[] = [];
  for (const part of setting.split(';').map((p) => p.trim().toLowerCase())) {
    if (part === '') continue;
    const match = ENTRY.exec(part);
    const first = match ? DAY_NAMES.indexOf(match[1]!) : -1;
    const last = match?.[2] ? DAY_NAMES.indexOf(match[2]) : first;
    const [fromH, fromM, toH, toM] = (match?.slice(3) ?? []).map(Number) as [number, number, number, number];
    const from = fromH * 60 + fromM;
    const to = toH * 60 + toM;
    if (!match || first < 0 || last < 0 || fromM > 59 || toM > 59 || to > 24 * 60 || from >= to) {
      throw new Error(`"${part}" is not of the form Mon-Fri 09:00-17:00`);
    }
    const days: number[] = [];
    for (let day = first; ; day = (day + 1) % 7) {
      days.push(day);
      if (day === last) break;
    }
    entries.push({ days, from, to });
  }
  return entries;
}

/**
 * Whether `now` falls within `hours` in `timeZone` (an IANA name).
 * @returns true for an empty list (any time)
 */
export function withinChatHours(hours: ChatHoursEntry[], timeZone: string, now: Date): boolean {
  if (hours.length === 0) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = DAY_NAMES.indexOf(part('weekday').toLowerCase());
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return hours.some((entry) => entry.days.includes(day) && minute >= entry.from && minute < entry.to);
}
