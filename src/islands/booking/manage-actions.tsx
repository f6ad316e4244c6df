/**
 * The manage page's two changes (docs/product.md#bookings): 'Reschedule' picks a new time from
 * the slot picker (a time taken meanwhile shows the free times offered, and the meeting keeps its
 * old time), and 'Cancel meeting' asks first, with an optional reason. Each calls `onDone` with
 * what to announce once the server has answered.
 */
import { useState, type SubmitEvent } from 'react';
import type { GuestBookingJson, SlotJson } from '../../shared/bookings.ts';
import { TOPIC_MAX } from '../../shared/schemas/bookings.ts';
import { messageOf } from '../lib/api.ts';
import { Icon } from '../lib/icon.tsx';
import { Field, SubmitButton } from '../ui/form.tsx';
import { useChangeBooking } from './mutations.ts';
import { RefusedTime } from './refused-time.tsx';
import { SlotPicker } from './slot-picker.tsx';
import { formatWhen } from './time-format.ts';

interface ActionProps {
  token: string;
  booking: GuestBookingJson;
  zone: string;
  onZoneChange: (zone: string) => void;
  onDone: (announcement: string | null) => void;
}

export function Reschedule({ token, booking, zone, onZoneChange, onDone }: ActionProps) {
  const { reschedule } = useChangeBooking(token, booking.type);
  const [slot, setSlot] = useState<SlotJson | null>(null);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!slot || reschedule.isPending) return;
    reschedule.mutate(slot.start, {
      onSuccess: (moved) => onDone(`Your meeting was moved to ${formatWhen(moved.start, zone)}.`),
    });
  };
  return (
    <form method="post" noValidate aria-labelledby="reschedule-title" onSubmit={submit} className="grid gap-5">
      <h2 id="reschedule-title" className="text-xl font-bold text-ink-900">
        Pick a new time
      </h2>
      <SlotPicker
        type={booking.type}
        zone={zone}
        onZoneChange={onZoneChange}
        value={slot?.start ?? null}
        onChange={setSlot}
      />
      {reschedule.isError && (
        <RefusedTime
          error={reschedule.error}
          zone={zone}
          value={slot?.start ?? null}
          onChange={setSlot}
          fallback="The meeting could not be moved. Please try again."
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <button type="button" className="btn-secondary" onClick={() => onDone(null)}>
          Keep the current time
        </button>
        <SubmitButton pending={reschedule.isPending} icon={<Icon name="calendar-clock" className="size-5" />}>
          {slot ? `Move to ${formatWhen(slot.start, zone)}` : 'Move the meeting'}
        </SubmitButton>
      </div>
    </form>
  );
}

export function CancelMeeting({ token, booking, onDone }: Omit<ActionProps, 'zone' | 'onZoneChange'>) {
  const { cancel } = useChangeBooking(token, booking.type);
  const [reason, setReason] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cancel.isPending) return;
    cancel.mutate(reason, { onSuccess: () => onDone('Your meeting was cancelled.') });
  };
  return (
    <form method="post" noValidate aria-labelledby="cancel-title" onSubmit={submit} className="grid gap-5">
      <h2 id="cancel-title" className="text-xl font-bold text-ink-900">
        Cancel this meeting?
      </h2>
      <p className="text-ink-700">We will let your host know. You can book a new time whenever you like.</p>
      <Field label="Reason (optional)">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={TOPIC_MAX}
            className="field-input"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
      {cancel.isError && (
        <p role="alert" className="font-semibold text-danger-700">
          {messageOf(cancel.error, 'The meeting could not be cancelled. Please try again.')}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <button type="button" className="btn-secondary" onClick={() => onDone(null)}>
          Keep the meeting
        </button>
        <SubmitButton pending={cancel.isPending} variant="danger" icon={<Icon name="circle-x" className="size-5" />}>
          Cancel meeting
        </SubmitButton>
      </div>
    </form>
  );
}
