/**
 * 'Invite someone' on the portal's Team page, for an owner (docs/product.md#client-teams): the
 * person's name, email and role (each role with what it may do, from src/shared/team.ts), checked
 * as the server checks them (teamInvitationSchema). Sending asks first, naming the person, the
 * business and the role; once confirmed the person is listed as Invited and gets a 7-day link by
 * email. An address that is already anyone's (409 `email_taken`) and the server's other field
 * messages (422) show under their fields, and focus goes there once the question has closed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus, UserPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { teamInvitationSchema, type TeamInvitationValues } from '../../shared/schemas/team.ts';
import { CLIENT_ROLE_DESCRIPTIONS, CLIENT_ROLE_LABELS, CLIENT_ROLES } from '../../shared/team.ts';
import { messageOf } from '../lib/api.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Field } from '../ui/form.tsx';
import { useInviteMember } from './mutations.ts';

/**
 * The three roles as radio buttons, each with what it may do; `register` is the form's `role`
 * field, `error` its message. Arrow keys move between them, as in any radio group.
 */
function RoleChoice({ register, error }: { register: UseFormRegisterReturn; error?: string }) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className="field-label">Role</legend>
      <div className="grid gap-2 md:grid-cols-3">
        {CLIENT_ROLES.map((role) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-ink-700/20 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input type="radio" value={role} className="mt-1 size-4 shrink-0 accent-brand-700" {...register} />
            <span className="min-w-0">
              <span className="block font-semibold text-ink-900">{CLIENT_ROLE_LABELS[role]}</span>
              <span className="block text-sm text-ink-700">{CLIENT_ROLE_DESCRIPTIONS[role]}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const EMPTY: TeamInvitationValues = { name: '', email: '', role: 'member' };

/** The invitation form of `business`'s Team page (the company, else the client's name), and its question. */
export function InviteForm({ business }: { business: string }) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getFieldState,
    reset,
    formState: { errors },
  } = useForm<TeamInvitationValues>({ resolver: zodResolver(teamInvitationSchema), defaultValues: EMPTY });
  const invite = useInviteMember();
  // What the dialog asks about; kept while it closes, so its words do not change as it fades.
  const [asked, setAsked] = useState<TeamInvitationValues>(EMPTY);
  const [open, setOpen] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  /** The field the server refused, focused once the dialog has closed; null: the submit button. */
  const refused = useRef<keyof TeamInvitationValues | null>(null);
  const send = useSubmit(invite, {
    setError,
    success: (member) => ({
      title: 'Invitation sent',
      description: `${member.name} has 7 days to accept the invitation sent to ${member.email}.`,
    }),
    failure: { title: 'Could not send the invitation', description: (error) => messageOf(error, 'Please try again.') },
    onSuccess: () => reset(EMPTY),
  });
  // useSubmit never throws: the question closes either way, and a refused field is shown and focused.
  const confirm = async () => {
    await send(asked);
    refused.current = (['name', 'email', 'role'] as const).find((field) => getFieldState(field).invalid) ?? null;
  };
  const role = CLIENT_ROLE_LABELS[asked.role].toLowerCase();

  return (
    <section aria-labelledby="invite-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10">
      <h2 id="invite-title" className="text-xl font-bold text-ink-900">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        They get an email with a link to set up their own sign-in. The link works once, for 7 days.
      </p>
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit((values) => {
          setAsked(values);
          setOpen(true);
        })}
        aria-labelledby="invite-title"
        className="mt-5 grid gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Full name" error={errors.name?.message}>
            {(control) => <input {...control} autoComplete="off" className="field-input" {...register('name')} />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(control) => (
              <input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
                className="field-input"
                {...register('email')}
              />
            )}
          </Field>
        </div>
        <RoleChoice register={register('role')} error={errors.role?.message} />
        <div>
          <button ref={submitButton} type="submit" className="btn-primary w-full sm:w-auto" disabled={invite.isPending}>
            <UserPlus aria-hidden="true" className="size-4" /> Send invitation
          </button>
        </div>
      </form>
      <ConfirmAction
        open={open}
        onOpenChange={setOpen}
        title={`Invite ${asked.name} to ${business}?`}
        description={
          <>
            <p>
              {asked.name} joins {business}&rsquo;s client portal as {role}:{' '}
              {CLIENT_ROLE_DESCRIPTIONS[asked.role].toLowerCase()}.
            </p>
            <p>An email with a link that works for 7 days goes to {asked.email}.</p>
          </>
        }
        confirmLabel="Send invitation"
        confirmIcon={<MailPlus aria-hidden="true" className="size-4" />}
        pendingLabel="Sending..."
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (refused.current) setFocus(refused.current);
          else submitButton.current?.focus();
          refused.current = null;
        }}
      />
    </section>
  );
}
