/**
 * The case studies' rules (docs/product.md#work): the services a case study may name, the units
 * of its results and how a result is shown, and which testimonial belongs to which client. The
 * schema itself is in src/content.config.ts (it needs astro:content's `image()` helper).
 */

/** The services the agency sells (docs/product.md#overview), as a case study names them. */
export const WORK_SERVICES = [
  'Website Design',
  'Web Development',
  'Maintenance',
  'Security & Testing',
  'Content Updates',
  'Ransomware Data Analysis',
] as const;

/**
 * The unit of a result's number: `count` (a plain number), `percent` (62 means 62 %), `multiple`
 * (2 means twice as many), or a duration in seconds, hours or days.
 */
export const RESULT_UNITS = ['count', 'percent', 'multiple', 'second', 'hour', 'day'] as const;
export type ResultUnit = (typeof RESULT_UNITS)[number];

/** One piece of a shown number: the digits, or the unit drawn smaller beside them. */
interface NumberPart {
  kind: 'number' | 'unit';
  text: string;
}

/** A result's value as shown (`62%`, in parts for styling) and as read aloud (`62 percent`). */
export interface FormattedResult {
  parts: NumberPart[];
  text: string;
  spoken: string;
}

const LOCALE = 'en-US';
const DIGITS: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };

/** Shown: the percent sign stays narrow ("62%"); durations are written out ("1.4 seconds"). */
const SHOWN: Record<ResultUnit, Intl.NumberFormatOptions> = {
  count: DIGITS,
  multiple: DIGITS,
  percent: { ...DIGITS, style: 'unit', unit: 'percent', unitDisplay: 'narrow' },
  second: { ...DIGITS, style: 'unit', unit: 'second', unitDisplay: 'long' },
  hour: { ...DIGITS, style: 'unit', unit: 'hour', unitDisplay: 'long' },
  day: { ...DIGITS, style: 'unit', unit: 'day', unitDisplay: 'long' },
};

/**
 * Formats a result's `value` in `unit` with Intl.NumberFormat (en-US, at most one decimal):
 * 62 percent → `62%`, 1240 count → `1,240`, 1.4 second → `1.4 seconds`, 2 multiple → `2×`.
 * `parts` joined give `text`; the space before a unit goes with the unit (drawn at its size).
 */
export function formatResult(value: number, unit: ResultUnit): FormattedResult {
  const raw = new Intl.NumberFormat(LOCALE, SHOWN[unit]).formatToParts(value);
  const parts: NumberPart[] = [];
  for (const part of raw) {
    const kind = part.type === 'unit' || (part.type === 'literal' && part.value.trim() === '') ? 'unit' : 'number';
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += part.value;
    else parts.push({ kind, text: part.value });
  }
  if (unit === 'multiple') parts.push({ kind: 'unit', text: '×' });
  const number = new Intl.NumberFormat(LOCALE, SHOWN[unit]).format(value);
  const spoken =
    unit === 'multiple'
      ? `${number} times`
      : unit === 'percent'
        ? new Intl.NumberFormat(LOCALE, { ...SHOWN.percent, unitDisplay: 'long' }).format(value)
        : number;
  return { parts, text: unit === 'multiple' ? `${number}×` : number, spoken };
}

/**
 * The testimonial of a case study's client: the one whose `business` is the client's name, alone
 * or followed by a comma and the town ("Sweet Hen Bakery, Newark"); undefined when none matches.
 */
export function testimonialFor<T extends { business: string }>(client: string, testimonials: T[]): T | undefined {
  return testimonials.find((t) => t.business === client || t.business.startsWith(`${client},`));
}
