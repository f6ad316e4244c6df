/**
 * 'Invite a person' on a client's page (docs/product.md#client-teams): their name, email and role
 * (each role with what it may do, from src/shared/team.ts), checked as the server checks them
 * (teamInvitationSchema). Sending asks first, naming the person, the business and the role; once
 * confirmed, the person is listed as Invited and gets a 7-day link by email. An address that is
 * already a member's (409 `email_taken`) and the server's other field messages show under their
 * fields, and focus goes there.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus, UserPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { teamInvitationSchema, type TeamInvitationValues } from '../../shared/schemas/team.ts';
import { businessName, CLIENT_ROLE_DESCRIPTIONS, CLIENT_ROLE_LABELS, CLIENT_ROLES } from '../../shared/team.ts';
import { messageOf } from '../lib/api.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Field } from '../ui/form.tsx';
import { useInviteMember } from './mutations.ts';

/**
 * The three roles as radio buttons, each with what it may do (docs/product.md#client-teams);
 * `register` is the form's `role` field, `error` its message (announced when it appears).
 */
export function RoleChoice({ register, error }: { register: UseFormRegisterReturn; error?: string }) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">Role</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CLIENT_ROLES.map((role) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-ink-700/20 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600"
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

/** The invitation form of client `client`'s page, and its confirmation. */
export function InviteMember({ client }: { client: { id: string; name: string; company: string | null } }) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getFieldState,
    reset,
    formState: { errors },
  } = useForm<TeamInvitationValues>({ resolver: zodResolver(teamInvitationSchema), defaultValues: EMPTY });
  const invite = useInviteMember(client.id);
  // What the dialog asks about; kept while it closes, so its words do not change as it fades.
  const [asked, setAsked] = useState<TeamInvitationValues>(EMPTY);
  const [open, setOpen] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  /** The field the server refused, to focus once the dialog closed; null: the submit button. */
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
  const confirm = async () => {
    await send(asked);
    refused.current = (['email', 'name', 'role'] as const).find((field) => getFieldState(field).invalid) ?? null;
  };
  const business = businessName(client);
  const headingId = useId();

  return (
    <div className="mt-5 border-t border-ink-700/10 pt-4">
      <h3 id={headingId} className="mb-3 font-bold text-ink-900">
        Invite a person
      </h3>
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit((values) => {
          setAsked(values);
          setOpen(true);
        })}
        className="grid gap-4"
        aria-labelledby={headingId}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message}>
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
          <button ref={submitButton} type="submit" className="btn-primary" disabled={invite.isPending}>
            <UserPlus aria-hidden="true" className="size-4" /> Invite
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
              {asked.name} ({asked.email}) joins {business} as {CLIENT_ROLE_LABELS[asked.role].toLowerCase()}:{' '}
              {CLIENT_ROLE_DESCRIPTIONS[asked.role].toLowerCase()}.
            </p>
            <p>An email with a link that works for 7 days goes to {asked.email}.</p>
          </>
        }
        confirmLabel="Send the invitation"
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
    </div>
  );
}
