/**
 * What a booking screen shows when the chosen time was refused (docs/product.md#bookings): the
 * server's message (taken meanwhile, 409; not bookable, 422 not_a_slot) and the next free times
 * its answer offered, to pick one from; any other failure's message alone.
 */
import type { SlotJson } from '../../shared/bookings.ts';
import { messageOf } from '../lib/api.ts';
import { offeredSlots } from './mutations.ts';
import { SlotChoices } from './slot-choices.tsx';

export function RefusedTime({
  error,
  zone,
  value,
  onChange,
  fallback = 'The meeting could not be booked. Please try again.',
}: {
  error: unknown;
  zone: string;
  value: string | null;
  onChange: (slot: SlotJson) => void;
  fallback?: string;
}) {
  const offered = offeredSlots(error);
  return (
    <div className="rounded-xl bg-red-50 p-4 ring-1 ring-danger-700/20">
      <p role="alert" className="font-semibold text-danger-700">
        {messageOf(error, fallback)}
      </p>
      {offered.length > 0 && (
        <div className="mt-3">
          <p id="offered-times" className="mb-2 text-sm font-medium text-ink-900">
            These times are free:
          </p>
          <SlotChoices slots={offered} zone={zone} value={value} onChange={onChange} label="Free times" withDay />
        </div>
      )}
    </div>
  );
}
