/**
 * The landing page contact form (SPEC.md 2.2, 4, 5 and 8; issue 2 part 3): name, email,
 * message and 'How did you find us? *', posted to POST /api/contact. Idle → sending →
 * success (a thank-you view for 5 seconds, then the form returns, empty) or error (a toast;
 * what the visitor typed stays). Carries a honeypot and the time the form was shown.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Loader2, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import {
  HOW_DID_YOU_FIND_US,
  HOW_DID_YOU_FIND_US_LABELS,
  contactFormSchema,
  type ContactFormValues,
} from '../../shared/schemas/contact.ts';
import { ApiError, apiRequest } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';

/** How long the thank-you view stays, in milliseconds (SPEC.md 9). */
export const THANK_YOU_MS = 5000;

type FormValues = Omit<ContactFormValues, 'howDidYouFindUs'> & {
  howDidYouFindUs: ContactFormValues['howDidYouFindUs'] | '';
};

export default function ContactForm() {
  const id = useId();
  const [sent, setSent] = useState(false);
  const startedAt = useRef(Date.now());
  const fax = useRef<HTMLInputElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema) as never,
    defaultValues: { name: '', email: '', message: '', howDidYouFindUs: '' },
  });

  useEffect(() => {
    if (!sent) return;
    thanksHeading.current?.focus();
    const timer = window.setTimeout(() => {
      setSent(false);
      startedAt.current = Date.now();
    }, THANK_YOU_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const onSubmit = async (values: ContactFormValues) => {
    try {
      await apiRequest('POST', '/api/contact', {
        ...values,
        fax: fax.current?.value ?? '',
        startedAt: startedAt.current,
      });
      toast({ title: 'Message sent successfully!', description: "We'll be in touch soon." });
      reset();
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) setError(field as FieldPath<FormValues>, { message });
        }
      }
      toast({ title: 'Error sending message', description: 'Please try again later.', variant: 'destructive' });
    }
  };

  if (sent) {
    return (
      <div
        role="status"
        className="flex min-h-[28rem] flex-col items-center justify-center rounded-2xl bg-white p-8 text-center text-ink-900 shadow-xl"
      >
        <CheckCircle2 aria-hidden="true" className="size-14 text-green-700" />
        <h3 ref={thanksHeading} tabIndex={-1} className="mt-4 text-2xl font-bold focus:outline-none">
          Thank you!
        </h3>
        <p className="mt-2 max-w-sm text-ink-700">
          Your message is on its way to our team. We&apos;ll get back to you within one business day.
        </p>
      </div>
    );
  }

  const describedBy = (field: keyof FormValues) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Contact us"
      className="rounded-2xl bg-white p-6 text-ink-900 shadow-xl sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="field-label">
            Name *
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
          <label htmlFor={`${id}-email`} className="field-label">
            Email *
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            className="field-input"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            {...register('email')}
          />
          {errors.email && (
            <p id={`${id}-email-error`} className="field-error">
              {errors.email.message}
            </p>
          )}
        </div>
      </div>
      <div className="mt-5">
        <label htmlFor={`${id}-how`} className="field-label">
          How did you find us? *
        </label>
        <select
          id={`${id}-how`}
          className="field-input"
          aria-invalid={errors.howDidYouFindUs ? true : undefined}
          aria-describedby={describedBy('howDidYouFindUs')}
          {...register('howDidYouFindUs')}
        >
          <option value="">Select an option</option>
          {HOW_DID_YOU_FIND_US.map((value) => (
            <option key={value} value={value}>
              {HOW_DID_YOU_FIND_US_LABELS[value]}
            </option>
          ))}
        </select>
        {errors.howDidYouFindUs && (
          <p id={`${id}-howDidYouFindUs-error`} className="field-error">
            {errors.howDidYouFindUs.message}
          </p>
        )}
      </div>
      <div className="mt-5">
        <label htmlFor={`${id}-message`} className="field-label">
          Message *
        </label>
        <textarea
          id={`${id}-message`}
          rows={5}
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
      <button type="submit" className="btn-primary mt-6 w-full" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Sending...
          </>
        ) : (
          <>
            <Send aria-hidden="true" className="size-5" /> Send Message
          </>
        )}
      </button>
      <p className="mt-3 text-center text-sm text-ink-700">* Required. We reply within one business day.</p>
    </form>
  );
}
