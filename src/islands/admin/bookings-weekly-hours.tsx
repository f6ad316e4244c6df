/**
 * The weekly hours of 'My availability' (docs/product.md#bookings): Monday to Sunday, each with
 * its working intervals ('From' and 'To', 'HH:mm' in the agency's zone `timeZone`), 'Add hours'
 * and 'Remove'; a day without any is 'Not available'. The intervals are one list of the form
 * (`weekly`, each with its ISO weekday), shown by day; the schema's messages (an interval that
 * ends before it starts, two that overlap) show under the interval or above the days. Adding an
 * interval focuses its 'From'; removing one focuses the day's 'Add hours'.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type FieldError, type UseFormReturn } from 'react-hook-form';
import type { AvailabilityInput } from '../../shared/schemas/bookings.ts';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** An error's message, whether it is on the item or (a refinement of a list) on its `root`. */
export const messageOfError = (error: unknown): string | undefined => {
  const e = error as (Partial<FieldError> & { root?: FieldError }) | undefined;
  return e?.message ?? e?.root?.message;
};

/** After the next render, focuses the element `id`. */
export const focusSoon = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 0);

/** The quiet add and remove buttons of the availability form. */
export const SMALL_BUTTON =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50';

/** The fieldset of weekly hours of `form`. */
export function WeeklyHours({ form, timeZone }: { form: UseFormReturn<AvailabilityInput>; timeZone: string }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const weekly = useFieldArray({ control, name: 'weekly' });
  const weeklyError = messageOfError(errors.weekly);
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 font-bold text-ink-900">Weekly hours</legend>
      <p className="text-sm text-ink-700">In {timeZone.replaceAll('_', ' ')}. A day without hours has no meetings.</p>
      {weeklyError && (
        <p role="alert" className="field-error">
          {weeklyError}
        </p>
      )}
      <ul className="grid gap-2">
        {DAYS.map((dayName, d) => {
          const day = d + 1;
          const intervals = weekly.fields.map((field, index) => ({ field, index })).filter((i) => i.field.day === day);
          const addId = `availability-add-${day}`;
          return (
            <li
              key={day}
              className="grid gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-ink-700/10 sm:grid-cols-[7rem_1fr]"
            >
              <h4 className="pt-2 font-semibold text-ink-900">{dayName}</h4>
              <div className="grid min-w-0 gap-2">
                {intervals.length === 0 && <p className="text-sm text-ink-700">Not available</p>}
                {intervals.map(({ field, index }, n) => {
                  const error = errors.weekly?.[index];
                  const itemError = messageOfError(error);
                  const which = `${dayName}${intervals.length > 1 ? ` ${n + 1}` : ''}`;
                  return (
                    <div key={field.id} className="grid gap-1">
                      <div className="grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap">
                        <label className="grid min-w-0 gap-1 text-sm font-semibold text-ink-900">
                          <span>
                            From<span className="sr-only">, {which}</span>
                          </span>
                          <input
                            id={`availability-from-${index}`}
                            type="time"
                            step={900}
                            aria-invalid={error?.from ? true : undefined}
                            className="field-input sm:w-36"
                            {...register(`weekly.${index}.from`)}
                          />
                        </label>
                        <label className="grid min-w-0 gap-1 text-sm font-semibold text-ink-900">
                          <span>
                            To<span className="sr-only">, {which}</span>
                          </span>
                          <input
                            type="time"
                            step={900}
                            aria-invalid={error?.to || itemError ? true : undefined}
                            className="field-input sm:w-36"
                            {...register(`weekly.${index}.to`)}
                          />
                        </label>
                        <button
                          type="button"
                          className={`${SMALL_BUTTON} col-span-2 justify-self-start`}
                          onClick={() => {
                            weekly.remove(index);
                            focusSoon(addId);
                          }}
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          Remove<span className="sr-only"> hours, {which}</span>
                        </button>
                      </div>
                      {[error?.from?.message, error?.to?.message, itemError].filter(Boolean).map((message) => (
                        <p key={message} className="field-error">
                          {message}
                        </p>
                      ))}
                    </div>
                  );
                })}
                <div>
                  <button
                    id={addId}
                    type="button"
                    className={SMALL_BUTTON}
                    onClick={() => {
                      weekly.append({ day, from: '09:00', to: '17:00' }, { shouldFocus: false });
                      focusSoon(`availability-from-${weekly.fields.length}`);
                    }}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    Add hours<span className="sr-only"> on {dayName}</span>
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
