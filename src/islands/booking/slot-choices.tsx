/**
 * A set of times to choose one from (docs/product.md#bookings): a radio group (Radix RadioGroup:
 * one Tab stop, arrow keys move and choose), each time written in the visitor's zone. Used for a
 * day's free times and for the times offered when the chosen one was taken.
 */
import { RadioGroup } from 'radix-ui';
import type { SlotJson } from '../../shared/bookings.ts';
import { formatDay, formatTime } from './time-format.ts';

/** A choice button of the booking screens: outlined, filled in brand blue once chosen. */
export const CHOICE =
  'min-w-0 rounded-lg border border-ink-700/20 bg-white px-2 py-2 text-sm font-semibold text-ink-900 hover:border-brand-700 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white';

export function SlotChoices({
  slots,
  zone,
  value,
  onChange,
  label,
  withDay = false,
}: {
  slots: SlotJson[];
  zone: string;
  value: string | null;
  onChange: (slot: SlotJson) => void;
  label: string;
  /** Name each time's day too (times from several days). */
  withDay?: boolean;
}) {
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value ?? ''}
      onValueChange={(start) => {
        const slot = slots.find((s) => s.start === start);
        if (slot) onChange(slot);
      }}
      className={withDay ? 'grid gap-2 sm:grid-cols-2' : 'grid grid-cols-3 gap-2 sm:grid-cols-4'}
    >
      {slots.map((slot) => (
        <RadioGroup.Item key={slot.start} value={slot.start} className={CHOICE}>
          {withDay ? `${formatDay(slot.start, zone)}, ${formatTime(slot.start, zone)}` : formatTime(slot.start, zone)}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
