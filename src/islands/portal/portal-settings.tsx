/**
 * /portal/settings (docs/product.md#settings-screen): the signed-in person's profile (their own
 * name, and the business's company and phone, by the registration's rules; the email is shown, not
 * editable), the email notifications switch, the change-password form, how they sign in, and
 * 'Download my data'. Company and phone are the business's: an owner edits them, any other role
 * sees them read-only (docs/product.md#client-teams). Without a session: the sign-in screen.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound, Save } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  changePasswordFormSchema,
  profileSchema,
  type ChangePasswordFormValues,
  type ProfileFormValues,
  type ProfileValues,
} from '../../shared/schemas/client.ts';
import { api, messageOf, unwrap } from '../lib/api.ts';
import { ExportRequest } from '../privacy/export-request.tsx';
import { toast } from '../lib/toast-store.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { CompanyPhoneFields, Field, NewPasswordFields, SubmitButton } from '../ui/form.tsx';
import { Switch } from '../ui/switch.tsx';
import { useChangePassword, useSetEmailNotifications, useUpdateProfile } from './mutations.ts';
import { AccountSecurity } from '../security/account-security.tsx';
import { PortalFrame } from './portal-frame.tsx';
import { portalKeys, type PortalClient } from './queries.ts';

const CARD = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10 sm:p-8';

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-xl font-bold text-ink-900">
      {children}
    </h2>
  );
}

/** The business's company and phone, shown to a member who may not change them (docs/product.md#client-teams). */
function BusinessDetails({ client }: { client: PortalClient }) {
  const shown = 'rounded-lg bg-slate-100 px-3 py-2.5 wrap-anywhere text-ink-900';
  return (
    <div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="field-label">Company</dt>
          <dd className={shown}>{client.company || 'Not given'}</dd>
        </div>
        <div>
          <dt className="field-label">Phone</dt>
          <dd className={shown}>{client.phone || 'Not given'}</dd>
        </div>
      </dl>
      <p className="mt-1 text-sm text-ink-700">Your business&rsquo;s details: an owner of your team can change them.</p>
    </div>
  );
}

function ProfileSection({ client }: { client: PortalClient }) {
  // Company and phone are the business's: only an owner changes them (docs/product.md#client-teams).
  const owner = client.member.role === 'owner';
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: client.name, company: client.company ?? '', phone: client.phone ?? '' },
  });
  const onSubmit = useSubmit(useUpdateProfile(), {
    setError,
    success: { title: 'Profile saved', description: 'Your details have been updated.' },
    failure: { title: 'Could not save your profile', description: (error) => messageOf(error, 'Please try again.') },
    onSuccess: ({ client: saved }) =>
      reset({ name: saved.name, company: saved.company ?? '', phone: saved.phone ?? '' }),
  });

  return (
    <section aria-labelledby="profile-title" className={CARD}>
      <SectionTitle id="profile-title">Profile</SectionTitle>
      <form
        method="post"
        noValidate
        // Another role sends its name alone: the business's details are not theirs to send.
        onSubmit={handleSubmit((values) => onSubmit(owner ? values : { name: values.name }))}
        aria-label="Profile"
        className="mt-5 grid gap-4"
      >
        <Field label="Full name" error={errors.name?.message}>
          {(control) => <input {...control} autoComplete="name" className="field-input" {...register('name')} />}
        </Field>
        <dl>
          <dt className="field-label">Email</dt>
          <dd className="rounded-lg bg-slate-100 px-3 py-2.5 break-all text-ink-900">{client.email}</dd>
          <dd className="mt-1 text-sm text-ink-700">You sign in with this address; it cannot be changed here.</dd>
        </dl>
        {owner ? (
          <CompanyPhoneFields
            company={register('company')}
            phone={register('phone')}
            errors={{ company: errors.company?.message, phone: errors.phone?.message }}
          />
        ) : (
          <BusinessDetails client={client} />
        )}
        <SubmitButton
          pending={isSubmitting}
          icon={<Save aria-hidden="true" className="size-5" />}
          className="sm:w-auto sm:justify-self-start"
        >
          Save Profile
        </SubmitButton>
      </form>
    </section>
  );
}

function NotificationsSection({ client }: { client: PortalClient }) {
  const id = useId();
  const setEmails = useSetEmailNotifications();
  // While a change is being saved, the switch shows what was asked for.
  const on = setEmails.isPending ? (setEmails.variables ?? client.emailNotifications) : client.emailNotifications;
  const change = (next: boolean) => {
    if (setEmails.isPending) return;
    setEmails.mutate(next, {
      onSuccess: ({ emailNotifications }) =>
        toast(
          emailNotifications
            ? {
                title: 'Email notifications on',
                description: 'We will email you when the team replies or your project changes.',
              }
            : {
                title: 'Email notifications off',
                description: 'Replies and project updates still show here in the portal.',
              },
        ),
      onError: (error) =>
        toast({
          title: 'Could not change email notifications',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <section aria-labelledby="notifications-title" className={CARD}>
      <SectionTitle id="notifications-title">Email notifications</SectionTitle>
      <div className="mt-5 flex items-center justify-between gap-4">
        <div>
          <label htmlFor={id} className="font-semibold text-ink-900">
            Email me when the team replies or my project changes
          </label>
          <p id={`${id}-hint`} className="mt-1 text-sm text-ink-700">
            Messages from the team, milestones reached and status changes. Your projects always show here.
          </p>
        </div>
        <Switch id={id} checked={on} onCheckedChange={change} describedBy={`${id}-hint`} />
      </div>
    </section>
  );
}

function PasswordSection() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = useSubmit(useChangePassword(), {
    setError,
    success: {
      title: 'Password changed',
      description: 'Any other device signed in to your account has been signed out.',
    },
    failure: {
      title: 'Could not change your password',
      description: (error) => messageOf(error, 'Please try again.'),
    },
    onSuccess: () => reset(),
  });
  // The request carries the current and the new password, not the confirmation.
  const onSubmit = ({ confirmPassword: _confirm, ...values }: ChangePasswordFormValues) => submit(values);

  return (
    <section aria-labelledby="password-title" className={CARD}>
      <SectionTitle id="password-title">Change password</SectionTitle>
      <p className="mt-1 text-ink-700">Other devices signed in to your account will be signed out.</p>
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Change password"
        className="mt-5 grid gap-4"
      >
        <Field label="Current password" error={errors.currentPassword?.message}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              className="field-input"
              {...register('currentPassword')}
            />
          )}
        </Field>
        <NewPasswordFields
          password={register('newPassword')}
          confirm={register('confirmPassword')}
          labels={['New password', 'Confirm new password']}
          errors={{ password: errors.newPassword?.message, confirm: errors.confirmPassword?.message }}
        />
        <SubmitButton
          pending={isSubmitting}
          icon={<KeyRound aria-hidden="true" className="size-5" />}
          className="sm:w-auto sm:justify-self-start"
        >
          Change Password
        </SubmitButton>
      </form>
    </section>
  );
}

/** 'Download my data' (docs/product.md#privacy): a ZIP of everything held about the client, by emailed link. */
function DataSection({ client }: { client: PortalClient }) {
  return (
    <section aria-labelledby="data-title" className={CARD}>
      <SectionTitle id="data-title">Your data</SectionTitle>
      <p className="mt-2 mb-4 text-sm text-ink-700">
        A copy of everything we hold about you: your details, projects, messages, files you uploaded, approvals,
        sign-ins and consents, as a ZIP file. You can ask once a day. To have your data erased, write to us (see our{' '}
        <a href="/privacy-policy" className="font-semibold text-brand-700 underline">
          privacy policy
        </a>
        ).
      </p>
      <ExportRequest
        queryKey={portalKeys.exports}
        label="Download my data"
        sentTo={client.email}
        ask={() => unwrap(api.client.export.$post())}
        list={() => unwrap(api.client.exports.$get())}
      />
    </section>
  );
}

function Settings({ client }: { client: PortalClient }) {
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <div>
        <a
          href="/portal"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to Portal
        </a>
        <h1 className="mt-3 text-3xl font-extrabold text-ink-900">Settings</h1>
        <p className="mt-1 text-ink-700">Your details, your emails, your password, how you sign in, and your data.</p>
      </div>
      <ProfileSection client={client} />
      <NotificationsSection client={client} />
      <PasswordSection />
      <AccountSecurity area="client" />
      <DataSection client={client} />
    </div>
  );
}

export default function PortalSettings() {
  return <PortalFrame>{(client) => <Settings client={client} />}</PortalFrame>;
}
