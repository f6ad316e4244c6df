/**
 * Moving and cancelling a booked call from the week view (docs/product.md#bookings), each in a
 * dialog with an optional message to the guest, who is emailed either way.
 *
 * - `MoveBookingDialog`: a new date and time, typed in the agency's zone and sent as an ISO
 *   instant. A 409 (the time was just taken) or a 422 (no slot, cancelled, past) keeps the dialog
 *   open with the server's message and the next free times it offered, one of which can be
 *   chosen to fill in the date and time; success closes it and says so.
 * - `CancelBookingDialog`: asks first ('Cancel booking' / 'Keep booking'); a failure stays in it.
 *
 * The week view owns the open dialog (`BookingAction`), not the booking's card: a move to another
 * day, made here or live by someone else, puts the card in another day's column (a new element),
 * and the dialog and what was typed in it stay. Once a change succeeded focus goes to the
 * booking's card, or to the week's heading when the booking left the week; a dialog closed
 * without a change gives focus back to the button that opened it.
 */
import { CalendarClock, Loader2, XCircle } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { SlotJson } from '../../shared/bookings.ts';
import { TOPIC_MAX } from '../../shared/schemas/bookings.ts';
import { offeredSlots } from '../booking/mutations.ts';
import { SlotChoices } from '../booking/slot-choices.tsx';
import { messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
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

/** What a card's button asks the week view to open: its dialog, for that booking. */
export interface BookingAction {
  kind: 'move' | 'cancel';
  booking: StaffBooking;
}

/** The id of booking `id`'s button that opens `kind`'s dialog. */
const actionButtonId = (id: string, kind: BookingAction['kind']) => `booking-${id}-${kind}`;

/**
 * Once a dialog closed: after a change, the booking's card; otherwise the button that opened it.
 * Either falls back to the card, then (the booking left the week) the week's heading.
 */
function focusAfter(id: string, kind: BookingAction['kind'], changed: boolean) {
  const target =
    (changed ? null : document.getElementById(actionButtonId(id, kind))) ??
    document.getElementById(`booking-${id}`) ??
    document.getElementById('bookings-week-heading');
  target?.focus();
}

/** A dialog with a form: `fields`, the message to the guest, the failure, and the two buttons. */
function ActionDialog({
  kind,
  booking,
  timeZone,
  open,
  onClose,
  title,
  description,
  submitLabel,
  pendingLabel,
  tone,
  onSubmit,
  fields,
}: {
  kind: BookingAction['kind'];
  booking: StaffBooking;
  timeZone: string;
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  tone: 'primary' | 'danger';
  /** Runs the change; resolves with the success toast's words, or rejects with what to show. */
  onSubmit: (values: ActionValues) => Promise<string>;
  fields?: (form: ReturnType<typeof useForm<ActionValues>>) => ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [offered, setOffered] = useState<SlotJson[]>([]);
  const done = useRef(false);
  const form = useForm<ActionValues>({
    defaultValues: { date: dayOf(booking.start, timeZone), time: timeOf(booking.start, timeZone), message: '' },
  });
  const { register, handleSubmit, formState, setValue, watch } = form;
  const typed = zonedInstant(watch('date'), watch('time'), timeZone);
  const pending = formState.isSubmitting;
  const change = (next: boolean) => {
    if (pending || next) return;
    onClose();
  };
  const submit = async (values: ActionValues) => {
    setFailure(null);
    setOffered([]);
    try {
      const said = await onSubmit(values);
      done.current = true;
      onClose();
      toast({ title: said });
    } catch (error) {
      setFailure(error instanceof InputError ? error.message : messageOf(error, 'Please try again.'));
      setOffered(offeredSlots(error));
    }
  };
  const messageError = formState.errors.message?.message;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={title}
        description={description}
        size="md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          focusAfter(booking.id, kind, done.current);
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
            <div className="rounded-lg bg-red-50 p-3">
              <p role="alert" className="text-sm font-semibold text-danger-700">
                {failure}
              </p>
              {offered.length > 0 && (
                <div className="mt-3">
                  <p className="mb-2 text-sm font-medium text-ink-900">These times are free:</p>
                  <SlotChoices
                    slots={offered}
                    zone={timeZone}
                    value={offered.find((slot) => Date.parse(slot.start) === Date.parse(typed ?? ''))?.start ?? null}
                    onChange={(slot) => {
                      setValue('date', dayOf(slot.start, timeZone));
                      setValue('time', timeOf(slot.start, timeZone));
                    }}
                    label="Free times"
                    withDay
                  />
                </div>
              )}
            </div>
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

/** What each dialog is given: its booking, the agency's zone, and whether it shows. */
interface DialogProps {
  booking: StaffBooking;
  timeZone: string;
  open: boolean;
  onClose: () => void;
}

/** The buttons of a card: each kind's icon and word. */
const ACTIONS = [
  { kind: 'move', label: 'Move', Icon: CalendarClock },
  { kind: 'cancel', label: 'Cancel', Icon: XCircle },
] as const;

/** A card's 'Move' and 'Cancel' buttons; each asks the week view to open its dialog. */
export function BookingActionButtons({
  booking,
  onAction,
}: {
  booking: StaffBooking;
  onAction: (action: BookingAction) => void;
}) {
  return (
    <div className="mt-1 grid grid-cols-2 gap-2 xl:grid-cols-1">
      {ACTIONS.map(({ kind, label, Icon }) => (
        <button
          key={kind}
          type="button"
          id={actionButtonId(booking.id, kind)}
          aria-haspopup="dialog"
          className={ACTION_BUTTON}
          onClick={() => onAction({ kind, booking })}
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {label}
          <span className="sr-only"> the call with {booking.name}</span>
        </button>
      ))}
    </div>
  );
}

/** The dialog of `action` (the week view keeps it mounted while it closes). */
export function BookingActionDialog({ action, ...props }: Omit<DialogProps, 'booking'> & { action: BookingAction }) {
  return action.kind === 'move' ? (
    <MoveBookingDialog booking={action.booking} {...props} />
  ) : (
    <CancelBookingDialog booking={action.booking} {...props} />
  );
}

/** The move dialog: a new date and time in the agency's zone, and a message. */
function MoveBookingDialog({ booking, timeZone, open, onClose }: DialogProps) {
  const move = useMoveBooking(booking.id);
  return (
    <ActionDialog
      kind="move"
      booking={booking}
      timeZone={timeZone}
      open={open}
      onClose={onClose}
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

/** The cancel dialog: a confirmation, with a message to the guest. */
function CancelBookingDialog({ booking, timeZone, open, onClose }: DialogProps) {
  const cancel = useCancelBooking(booking.id);
  return (
    <ActionDialog
      kind="cancel"
      booking={booking}
      timeZone={timeZone}
      open={open}
      onClose={onClose}
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
