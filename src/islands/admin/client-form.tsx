/**
 * The client form as a full page (docs/product.md#client-form): Full Name, Email Address, Company (optional),
 * Phone Number (optional), Password (required for a new client; 'leave blank to keep current'
 * when editing, and then left out of the request). Cancel, and 'Create Client' or 'Update
 * Client' ('Saving...' while pending). A server error shows in an alert, or 'An error occurred'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  adminClientSchema,
  newClientFormSchema,
  type AdminClientInput,
  type AdminClientValues,
} from '../../shared/schemas/admin.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Field } from '../ui/form.tsx';
import { Loading } from '../ui/loading.tsx';
import { FormPage, MissingRecord } from './form-page.tsx';
import { useSaveClient } from './mutations.ts';
import { useClient, type AdminClient } from './queries.ts';
import { navigate } from './route.ts';
import { SaveButton } from './save-button.tsx';

function ClientFormPage({ client }: { client: AdminClient | null }) {
  const editing = client !== null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminClientInput, unknown, AdminClientValues>({
    resolver: zodResolver(editing ? adminClientSchema : newClientFormSchema),
    defaultValues: {
      name: client?.name ?? '',
      email: client?.email ?? '',
      company: client?.company ?? '',
      phone: client?.phone ?? '',
      password: '',
    },
  });
  const back = () => navigate('clients');
  const save = useSaveClient(client?.id ?? null);
  // An empty password is undefined in the checked values, so the request leaves it out.
  const onSubmit = useSubmit(save, {
    setError,
    success: (_, values) => ({ title: editing ? 'Client updated' : 'Client created', description: values.name }),
    onSuccess: back,
  });

  return (
    <FormPage
      title={editing ? 'Edit Client' : 'Add Client'}
      backLabel="Back to clients"
      onCancel={back}
      error={save.error}
      onSubmit={handleSubmit(onSubmit)}
      actions={<SaveButton pending={isSubmitting}>{editing ? 'Update Client' : 'Create Client'}</SaveButton>}
    >
      <Field label="Full Name" error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="off" className="field-input" {...register('name')} />}
      </Field>
      <Field label="Email Address" error={errors.email?.message}>
        {(control) => (
          <input {...control} type="email" autoComplete="off" className="field-input" {...register('email')} />
        )}
      </Field>
      <Field label="Company (optional)" error={errors.company?.message}>
        {(control) => <input {...control} autoComplete="off" className="field-input" {...register('company')} />}
      </Field>
      <Field label="Phone Number (optional)" error={errors.phone?.message}>
        {(control) => (
          <input {...control} type="tel" autoComplete="off" className="field-input" {...register('phone')} />
        )}
      </Field>
      <Field
        label={editing ? 'Password (leave blank to keep current)' : 'Password'}
        error={errors.password?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            className="field-input"
            {...register('password')}
          />
        )}
      </Field>
    </FormPage>
  );
}

/** The edit form of client `id`, once that one client has loaded. */
function EditClient({ id }: { id: string }) {
  const client = useClient(id);
  if (client.isPending) return <Loading label="Loading client..." />;
  if (!client.data) return <MissingRecord what="Client" onBack={() => navigate('clients')} />;
  return <ClientFormPage key={client.data.id} client={client.data} />;
}

/** The add form (`id` null) or the edit form of client `id`. */
export function ClientForm({ id }: { id: string | null }) {
  return id === null ? <ClientFormPage client={null} /> : <EditClient id={id} />;
}
