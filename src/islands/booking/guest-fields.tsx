/**
 * The guest's fields of the free consultation (docs/product.md#bookings): Name, Email, optional
 * Phone (required when the host calls: no video-call link) and optional topic, registered on the booking screen's form (react-hook-form with the
 * shared guestFieldsSchema), so what was typed stays while the time is changed.
 */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { GuestFields as Values } from '../../shared/schemas/bookings.ts';
import { Field } from '../ui/form.tsx';

/** What the phone field says when the host will call: no video-call link (SlotsJson.phoneRequired). */
export const PHONE_NEEDED = 'Please give a phone number: we will call you at the time you choose';

export function GuestFields({
  register,
  errors,
  phoneRequired,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  phoneRequired: boolean;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name *" error={errors.name?.message}>
          {(control) => <input {...control} autoComplete="name" className="field-input" {...register('name')} />}
        </Field>
        <Field label="Email *" error={errors.email?.message}>
          {(control) => (
            <input {...control} type="email" autoComplete="email" className="field-input" {...register('email')} />
          )}
        </Field>
      </div>
      <Field
        label={phoneRequired ? 'Phone *' : 'Phone (optional)'}
        error={errors.phone?.message}
        hint={phoneRequired ? 'We will call you on this number at the time you choose.' : undefined}
        className="mt-5"
      >
        {(control) => (
          <input {...control} type="tel" autoComplete="tel" className="field-input" {...register('phone')} />
        )}
      </Field>
      <Field label="What would you like to talk about? (optional)" error={errors.topic?.message} className="mt-5">
        {(control) => <textarea {...control} rows={3} className="field-input" {...register('topic')} />}
      </Field>
    </>
  );
}
