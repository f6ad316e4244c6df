/**
 * 'My availability' on the Bookings tab (docs/product.md#bookings): the signed-in staff member's
 * own weekly working hours (any number of intervals a weekday, 'HH:mm' in the agency's zone), the
 * buffer between meetings, the minimum notice, how far ahead guests can book, and days off.
 * Checked by the API's own `availabilitySchema` (react-hook-form's zod resolver), whose messages
 * show under the fields; saved whole with PUT, and the saved answer becomes the form's values.
 * The weekly hours are bookings-weekly-hours.tsx. Adding a day off focuses its field; removing
 * one focuses 'Add a day off'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { availabilitySchema, type AvailabilityInput } from '../../shared/schemas/bookings.ts';
import { messageOf } from '../lib/api.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Field } from '../ui/form.tsx';
import { useSaveAvailability } from './bookings-mutations.ts';
import type { StaffAvailability } from './bookings-queries.ts';
import { SaveButton } from './save-button.tsx';
import { SMALL_BUTTON, WeeklyHours, focusSoon, messageOfError } from './bookings-weekly-hours.tsx';

/** The form, filled with `availability`; its times are in `availability.timeZone`. */
export function AvailabilityForm({ availability }: { availability: StaffAvailability }) {
  const { timeZone, ...saved } = availability;
  const form = useForm<AvailabilityInput>({ resolver: zodResolver(availabilitySchema), defaultValues: saved });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const daysOff = watch('daysOff');
  const save = useSaveAvailability();
  const onSubmit = useSubmit(save, {
    setError,
    success: { title: 'Availability saved', description: 'Guests see the new times at once.' },
    failure: {
      title: 'Could not save your availability',
      description: (error) => messageOf(error, 'Please try again.'),
    },
    onSuccess: ({ timeZone: _zone, ...next }) => reset(next),
  });
  const setDaysOff = (next: string[]) => setValue('daysOff', next, { shouldDirty: true, shouldValidate: isSubmitted });
  const daysOffError = messageOfError(errors.daysOff);

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-6">
      <WeeklyHours form={form} timeZone={timeZone} />

      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Buffer (minutes)"
          hint="Free time kept between two of your calls."
          error={errors.bufferMinutes?.message}
        >
          {(c) => (
            <input
              {...c}
              type="number"
              min={0}
              max={240}
              step={5}
              className="field-input"
              {...register('bufferMinutes', { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field
          label="Minimum notice (hours)"
          hint="The latest a call can be booked before it starts."
          error={errors.minNoticeHours?.message}
        >
          {(c) => (
            <input
              {...c}
              type="number"
              min={0}
              max={720}
              className="field-input"
              {...register('minNoticeHours', { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field label="Bookable ahead (days)" hint="How far ahead guests can book." error={errors.horizonDays?.message}>
          {(c) => (
            <input
              {...c}
              type="number"
              min={1}
              max={365}
              className="field-input"
              {...register('horizonDays', { valueAsNumber: true })}
            />
          )}
        </Field>
      </div>

      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-1 font-bold text-ink-900">Days off</legend>
        {daysOffError && (
          <p role="alert" className="field-error">
            {daysOffError}
          </p>
        )}
        {daysOff.length === 0 && <p className="text-sm text-ink-700">No days off.</p>}
        <ul className="grid gap-2">
          {daysOff.map((date, i) => (
            <li key={i} className="grid gap-1">
              <div className="flex flex-wrap items-end gap-2">
                <label className="grid gap-1 text-sm font-semibold text-ink-900">
                  Day off {i + 1}
                  <input
                    id={`availability-day-off-${i}`}
                    type="date"
                    value={date}
                    aria-invalid={errors.daysOff?.[i] ? true : undefined}
                    className="field-input w-44"
                    onChange={(event) => setDaysOff(daysOff.map((d, j) => (j === i ? event.target.value : d)))}
                  />
                </label>
                <button
                  type="button"
                  className={SMALL_BUTTON}
                  onClick={() => {
                    setDaysOff(daysOff.filter((_, j) => j !== i));
                    focusSoon('availability-add-day-off');
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove<span className="sr-only"> day off {i + 1}</span>
                </button>
              </div>
              {errors.daysOff?.[i]?.message && <p className="field-error">{errors.daysOff[i].message}</p>}
            </li>
          ))}
        </ul>
        <div>
          <button
            id="availability-add-day-off"
            type="button"
            className={SMALL_BUTTON}
            onClick={() => {
              setDaysOff([...daysOff, '']);
              focusSoon(`availability-day-off-${daysOff.length}`);
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add a day off
          </button>
        </div>
      </fieldset>

      <div className="flex justify-end">
        <SaveButton pending={isSubmitting}>Save availability</SaveButton>
      </div>
    </form>
  );
}
