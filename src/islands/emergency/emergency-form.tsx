/**
 * The emergency contact form (issue 2; its content is not shown in SPEC.md): name, an email
 * address or phone number, and what happened. Posts an urgent lead to POST /api/contact with
 * source 'emergency'. Loaded only when its dialog opens (it brings the phone-number rules).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Siren } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { company } from '../../shared/company.ts';
import { emergencyFormSchema, type EmergencyFormValues } from '../../shared/schemas/emergency.ts';
import { apiRequest } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { Field, Honeypot, SubmitButton, showServerFieldErrors } from '../ui/form.tsx';

export default function EmergencyForm() {
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
      showServerFieldErrors(error, values, setError);
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

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Emergency contact" className="grid gap-4">
      <Field label="Your name *" error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="name" className="field-input" {...register('name')} />}
      </Field>
      <Field label="Email or phone *" error={errors.contact?.message}>
        {(control) => <input {...control} autoComplete="tel" className="field-input" {...register('contact')} />}
      </Field>
      <Field label="What happened? *" error={errors.message?.message}>
        {(control) => <textarea {...control} rows={4} className="field-input" {...register('message')} />}
      </Field>
      <Honeypot inputRef={fax} />
      <SubmitButton pending={isSubmitting} variant="danger" icon={<Siren aria-hidden="true" className="size-5" />}>
        Send Emergency Request
      </SubmitButton>
    </form>
  );
}
