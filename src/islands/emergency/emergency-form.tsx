/**
 * The emergency contact form (docs/product.md#emergency): name, an email address or phone
 * number, and what happened, sent as an urgent lead by the useEmergencyLead write. Loaded only
 * when its dialog opens (it brings the phone-number rules).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Icon } from '../lib/icon.tsx';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { company } from '../../shared/company.ts';
import { emergencyFormSchema, type EmergencyFormValues } from '../../shared/schemas/emergency.ts';
import { useEmergencyLead } from '../contact/mutations.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { useSubmit } from '../lib/use-submit.ts';
import { Field, Honeypot, SubmitButton } from '../ui/form.tsx';

function EmergencyFormFields() {
  const startedAt = useRef(Date.now());
  const fax = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmergencyFormValues>({
    resolver: zodResolver(emergencyFormSchema),
    defaultValues: { name: '', contact: '', message: '' },
  });

  const send = useEmergencyLead(() => ({ fax: fax.current?.value ?? '', startedAt: startedAt.current }));
  const onSubmit = useSubmit(send, {
    setError,
    success: { title: 'Emergency request sent', description: 'Our on-call team has been alerted.' },
    failure: {
      title: 'Error sending message',
      description: () => `Please try again, or call ${company.phoneDisplay} now.`,
    },
  });
  const sent = send.isSuccess;

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-center py-6 text-center">
        <Icon name="circle-check" className="size-12 text-green-700" />
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
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Emergency contact"
      className="grid gap-4"
    >
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
      <SubmitButton pending={isSubmitting} variant="danger" icon={<Icon name="siren" className="size-5" />}>
        Send Emergency Request
      </SubmitButton>
    </form>
  );
}

export default function EmergencyForm() {
  return (
    <QueryIsland>
      <EmergencyFormFields />
    </QueryIsland>
  );
}
