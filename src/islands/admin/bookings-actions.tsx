/**
 * Moving and cancelling a booked call from the week view (docs/product.md#bookings), each in a
 * dialog with an optional message to the guest, who is emailed either way.
 *
 * - `MoveBookingDialog`: a new date and time, typed in the agency's zone and sent as an ISO
 *   instant. A 409 (the time was just taken) or a 422 (no slot, cancelled, past) keeps the dialog
 *   open with the server's message; success closes it and says so.
 * - `CancelBookingDialog`: asks first ('Cancel booking' / 'Keep booking'); a failure stays in it.
 *
 * Once a change succeeded focus goes to the booking's card, or to the week's heading when the
 * booking left the week.
 */
import { CalendarClock, Loader2, XCircle } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { TOPIC_MAX } from '../../shared/schemas/bookings.ts';
import { messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Field } from '../ui/form.tsx';
import { useCancelBooking, useMoveBooking } from './bookings-mutations.ts';
import type { StaffBooking } from './bookings-queries.ts';
import { dateTimeIn, dayOf, timeOf, zonedInstant } from './bookings-week.ts';

interface ActionValues {
  date: string;
  time: string;
  message: string;
}

/** What was typed cannot be sent: its message is shown as the failure. */
class InputError extends Error {}

/** After a change: focus the booking's card, else (it left the week) the week's heading. */
function focusAfter(id: string) {
  const card = document.getElementById(`booking-${id}`) ?? document.getElementById('bookings-week-heading');
  card?.focus();
}

/** A dialog with a form: `fields`, the message to the guest, the failure, and the two buttons. */
function ActionDialog({
  booking,
  timeZone,
  trigger,
  title,
  description,
  submitLabel,
  pendingLabel,
  tone,
  onSubmit,
  fields,
}: {
  booking: StaffBooking;
  timeZone: string;
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  tone: 'primary' | 'danger';
  /** Runs the change; resolves with the success toast's words, or rejects with what to show. */
  onSubmit: (values: ActionValues) => Promise<string>;
  fields?: (form: ReturnType<typeof useForm<ActionValues>>) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const done = useRef(false);
  const form = useForm<ActionValues>({
    defaultValues: { date: dayOf(booking.start, timeZone), time: timeOf(booking.start, timeZone), message: '' },
  });
  const { register, handleSubmit, reset, formState } = form;
  const pending = formState.isSubmitting;
  const change = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (next) {
      done.current = false;
      setFailure(null);
      reset({ date: dayOf(booking.start, timeZone), time: timeOf(booking.start, timeZone), message: '' });
    }
  };
  const submit = async (values: ActionValues) => {
    setFailure(null);
    try {
      const said = await onSubmit(values);
      done.current = true;
      setOpen(false);
      toast({ title: said });
    } catch (error) {
      setFailure(error instanceof InputError ? error.message : messageOf(error, 'Please try again.'));
    }
  };
  const messageError = formState.errors.message?.message;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title={title}
        description={description}
        size="md"
        onCloseAutoFocus={(event) => {
          if (!done.current) return;
          event.preventDefault();
          focusAfter(booking.id);
        }}
      >
        <form method="post" noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
          {fields?.(form)}
          <Field
            label="Message to the guest (optional)"
            hint={`Sent to ${booking.name} with the email about the change.`}
            error={messageError}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                className="field-input"
                {...register('message', {
                  maxLength: { value: TOPIC_MAX, message: `At most ${TOPIC_MAX.toLocaleString('en-US')} characters` },
                })}
              />
            )}
          </Field>
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={() => change(false)}>
              {tone === 'danger' ? 'Keep booking' : 'Close'}
            </button>
            <button type="submit" className={tone === 'danger' ? 'btn-danger' : 'btn-primary'} disabled={pending}>
              {pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
              {pending ? pendingLabel : submitLabel}
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const ACTION_BUTTON = 'btn-secondary min-h-10 px-2 py-1.5 text-sm';

/** 'Move' and its dialog: a new date and time in the agency's zone, and a message. */
export function MoveBookingDialog({ booking, timeZone }: { booking: StaffBooking; timeZone: string }) {
  const move = useMoveBooking(booking.id);
  return (
    <ActionDialog
      booking={booking}
      timeZone={timeZone}
      trigger={
        <button type="button" className={ACTION_BUTTON}>
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          Move<span className="sr-only"> the call with {booking.name}</span>
        </button>
      }
      title="Move the call"
      description={`With ${booking.name}, now ${dateTimeIn(booking.start, timeZone)}. The new time is in ${timeZone.replaceAll('_', ' ')}.`}
      submitLabel="Move booking"
      pendingLabel="Moving..."
      tone="primary"
      fields={({ register, formState: { errors } }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="New date" error={errors.date?.message}>
            {(control) => (
              <input
                {...control}
                type="date"
                className="field-input"
                {...register('date', { required: 'Pick a date' })}
              />
            )}
          </Field>
          <Field label="New time" error={errors.time?.message}>
            {(control) => (
              <input
                {...control}
                type="time"
                step={900}
                className="field-input"
                {...register('time', { required: 'Pick a time' })}
              />
            )}
          </Field>
        </div>
      )}
      onSubmit={async ({ date, time, message }) => {
        const start = zonedInstant(date, time, timeZone);
        if (!start) throw new InputError('Pick a date and a time like 09:30.');
        const moved = await move.mutateAsync({ start, ...(message.trim() ? { message: message.trim() } : {}) });
        return `Moved to ${dateTimeIn(moved.start, timeZone)}`;
      }}
    />
  );
}

/** 'Cancel' and its confirmation, with a message to the guest. */
export function CancelBookingDialog({ booking, timeZone }: { booking: StaffBooking; timeZone: string }) {
  const cancel = useCancelBooking(booking.id);
  return (
    <ActionDialog
      booking={booking}
      timeZone={timeZone}
      trigger={
        <button type="button" className={ACTION_BUTTON}>
          <XCircle aria-hidden="true" className="size-4 shrink-0" />
          Cancel<span className="sr-only"> the call with {booking.name}</span>
        </button>
      }
      title="Cancel this call?"
      description={`The call with ${booking.name} on ${dateTimeIn(booking.start, timeZone)} is cancelled and they are emailed. This cannot be undone.`}
      submitLabel="Cancel booking"
      pendingLabel="Cancelling..."
      tone="danger"
      onSubmit={async ({ message }) => {
        await cancel.mutateAsync(message.trim() ? { message: message.trim() } : {});
        return `The call with ${booking.name} was cancelled`;
      }}
    />
  );
}
