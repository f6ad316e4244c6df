/**
 * 'Convert to client' on a lead card (docs/product.md#leads): a dialog asking for an optional
 * company and the title of a first project; the server creates the client from the lead's name,
 * email and phone and emails them an invitation to choose their own password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { convertLeadSchema, type ConvertLeadValues } from '../../shared/schemas/admin.ts';
import { messageOf } from '../lib/api.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Field } from '../ui/form.tsx';
import { useConvertLead } from './mutations.ts';
import type { AdminLead } from './queries.ts';
import { SaveButton } from './save-button.tsx';

function ConvertForm({ lead, onDone }: { lead: AdminLead; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ConvertLeadValues>({
    resolver: zodResolver(convertLeadSchema),
    defaultValues: { company: '', projectTitle: '' },
  });
  const convert = useConvertLead(lead.id);
  const onSubmit = useSubmit(convert, {
    setError,
    success: (data) => ({
      title: 'Client created',
      description: `An invitation to choose a password was emailed to ${data.client.email}.`,
    }),
    failure: { title: 'Could not convert the lead', description: (error) => messageOf(error, 'Please try again.') },
    onSuccess: onDone,
  });
  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <p className="text-sm text-ink-700">
        {lead.name} ({lead.email}) becomes a client and gets an email to choose a password, valid for 72 hours.
      </p>
      <Field label="Company (optional)" error={errors.company?.message}>
        {(control) => <input {...control} autoComplete="off" className="field-input" {...register('company')} />}
      </Field>
      <Field label="First project title (optional)" error={errors.projectTitle?.message}>
        {(control) => <input {...control} autoComplete="off" className="field-input" {...register('projectTitle')} />}
      </Field>
      <div className="flex justify-end">
        <SaveButton pending={convert.isPending} icon={<UserPlus aria-hidden="true" className="size-4" />}>
          Create client
        </SaveButton>
      </div>
    </form>
  );
}

/** The trigger and its dialog, for a lead with an email that is not a client yet. */
export function ConvertLeadDialog({ lead, className }: { lead: AdminLead; className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button type="button" className={className}>
          <UserPlus aria-hidden="true" className="size-4" /> Convert to client
          <span className="sr-only"> {lead.name}</span>
        </button>
      </DialogTrigger>
      <DialogContent title="Convert to client" description={`From the lead ${lead.name}`} size="md">
        <ConvertForm lead={lead} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
