/**
 * The emergency contact form (issue 2; its content is not shown in SPEC.md): name, an email
 * address or phone number, and what happened. Posts an urgent lead to POST /api/contact with
 * source 'emergency'. Loaded only when its dialog opens (it brings the phone-number rules).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Loader2, Siren } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { company } from '../../shared/company.ts';
import { emergencyFormSchema, type EmergencyFormValues } from '../../shared/schemas/emergency.ts';
import { ApiError, apiRequest } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';

export default function EmergencyForm() {
  const id = useId();
  const startedAt = useRef(Date.now());
  const fax = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmergencyFormValues>({
    resolver: zodResolver(emergencyFormSchema),
    defaultValues: { name: '', contact: '', message: '' },
  });

  const onSubmit = async (values: EmergencyFormValues) => {
    try {
      await apiRequest('POST', '/api/contact', {
        source: 'emergency',
        ...values,
        fax: fax.current?.value ?? '',
        startedAt: startedAt.current,
      });
      setSent(true);
      toast({ title: 'Emergency request sent', description: 'Our on-call team has been alerted.' });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) setError(field as FieldPath<EmergencyFormValues>, { message });
        }
      }
      toast({
        title: 'Error sending message',
        description: `Please try again, or call ${company.phoneDisplay} now.`,
        variant: 'destructive',
      });
    }
  };

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-center py-6 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-green-700" />
        <p className="mt-3 text-lg font-bold">We&apos;re on it.</p>
        <p className="mt-1 max-w-sm text-ink-700">
          The on-call team has your request and will contact you within 15 minutes for critical issues. For the fastest
          help, call{' '}
          <a className="font-semibold text-brand-700 underline" href={`tel:${company.phoneE164}`}>
            {company.phoneDisplay}
          </a>
          .
        </p>
      </div>
    );
  }

  const describedBy = (field: keyof EmergencyFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Emergency contact" className="grid gap-4">
      <div>
        <label htmlFor={`${id}-name`} className="field-label">
          Your name *
        </label>
        <input
          id={`${id}-name`}
          autoComplete="name"
          className="field-input"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          {...register('name')}
        />
        {errors.name && (
          <p id={`${id}-name-error`} className="field-error">
            {errors.name.message}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-contact`} className="field-label">
          Email or phone *
        </label>
        <input
          id={`${id}-contact`}
          autoComplete="tel"
          className="field-input"
          aria-invalid={errors.contact ? true : undefined}
          aria-describedby={describedBy('contact')}
          {...register('contact')}
        />
        {errors.contact && (
          <p id={`${id}-contact-error`} className="field-error">
            {errors.contact.message}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="field-label">
          What happened? *
        </label>
        <textarea
          id={`${id}-message`}
          rows={4}
          className="field-input"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          {...register('message')}
        />
        {errors.message && (
          <p id={`${id}-message-error`} className="field-error">
            {errors.message.message}
          </p>
        )}
      </div>
      <div className="sr-only" aria-hidden="true">
        <label htmlFor={`${id}-fax`}>Leave this field empty</label>
        <input id={`${id}-fax`} ref={fax} name="fax" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="btn-danger w-full" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Sending...
          </>
        ) : (
          <>
            <Siren aria-hidden="true" className="size-5" /> Send Emergency Request
          </>
        )}
      </button>
    </form>
  );
}
