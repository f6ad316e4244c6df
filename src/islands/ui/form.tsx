/**
 * Form building blocks shared by every island form: a labelled field with its error message
 * wired up for assistive technology, two new-password fields, the optional company and phone
 * fields of a client account, the anti-bot honeypot, and a
 * submit button with a pending state. (A 422 answer's field messages reach the fields through
 * lib/use-submit.ts.)
 */
import { Loader2 } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../lib/cn.ts';

/** Attributes a control needs: its id, invalid state and the id of its error message. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A label, the control rendered by `children`, an optional hint under it, and the field's error
 * message when there is one; the control is described by both.
 */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A new password and its confirmation: two password fields that password managers can fill. */
export function NewPasswordFields({
  password,
  confirm,
  labels = ['Password', 'Confirm password'],
  errors,
}: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  labels?: [string, string];
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <Field label={labels[0]} error={errors.password}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" className="field-input" {...password} />
        )}
      </Field>
      <Field label={labels[1]} error={errors.confirm}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" className="field-input" {...confirm} />
        )}
      </Field>
    </>
  );
}

/** A client account's optional company and phone, side by side from the small breakpoint up. */
export function CompanyPhoneFields({
  company,
  phone,
  errors,
}: {
  company: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  errors: { company?: string; phone?: string };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Company (optional)" error={errors.company}>
        {(control) => <input {...control} autoComplete="organization" className="field-input" {...company} />}
      </Field>
      <Field label="Phone (optional)" error={errors.phone}>
        {(control) => <input {...control} type="tel" autoComplete="tel" className="field-input" {...phone} />}
      </Field>
    </div>
  );
}

/**
 * A field no person sees or reaches (docs/product.md#contact-form). Bots fill it; the API then answers
 * as usual and stores nothing. Read its value through `inputRef` when submitting.
 */
export function Honeypot({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="sr-only" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} ref={inputRef} name="fax" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** A full-width submit button showing a spinner and 'Sending...' while `pending`. */
export function SubmitButton({
  pending,
  icon,
  children,
  variant = 'primary',
  className,
}: {
  pending: boolean;
  icon: ReactNode;
  children: ReactNode;
  variant?: 'primary' | 'danger';
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={cn(variant === 'danger' ? 'btn-danger' : 'btn-primary', 'w-full', className)}
      disabled={pending}
    >
      {pending ? (
        <>
          <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Sending...
        </>
      ) : (
        <>
          {icon} {children}
        </>
      )}
    </button>
  );
}
