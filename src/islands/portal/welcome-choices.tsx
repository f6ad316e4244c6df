/**
 * The ways in that the welcome page offers (docs/product.md#invitations): 'Set a password for your
 * portal' for a client's first owner; for a person invited to a client's team
 * (docs/product.md#client-teams) the name they go by (prefilled with the name they were invited
 * under) with the password; and, for both, 'Use a passkey', which accepts the invitation without a
 * password and then creates the passkey, signed in. Each ends in an `Outcome` for the page: signed
 * in, or the second step of two-step verification.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordResetFormSchema, registerSchema } from '../../shared/schemas/client.ts';
import { z } from '../../shared/zod.ts';
import { messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { securityApi } from '../security/security-api.ts';
import { Field, NewPasswordFields, SubmitButton } from '../ui/form.tsx';
import { useAcceptInvitation, useAcceptTeamInvitation } from './mutations.ts';

/** What an accepted invitation answers: signed in, or the second step with its challenge. */
export type AcceptAnswer = { twoFactorRequired: true; challenge: string } | { twoFactorRequired: false };

/** Where the page goes next: the second step, or done (with why the passkey was not made, if it was not). */
export type Outcome = { step: 'code'; challenge: string } | { step: 'done'; passkeyFailed?: string };

/** The outcome of a password's answer. */
const outcomeOf = (answer: AcceptAnswer): Outcome =>
  answer.twoFactorRequired ? { step: 'code', challenge: answer.challenge } : { step: 'done' };

type Values = { password: string; confirmPassword: string };

/** 'Set a password for your portal': a client's first owner accepts with a first password. */
export function PasswordChoice({ token, onSignedIn }: { token: string; onSignedIn: (outcome: Outcome) => void }) {
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = useSubmit(accept, {
    setError,
    failure: { title: 'Could not set your password', description: (error) => messageOf(error, 'Please try again.') },
    onSuccess: (answer) => onSignedIn(outcomeOf(answer)),
  });
  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(({ password }) => submit({ token, password }))}
      aria-labelledby="welcome-password"
      className="grid gap-4"
    >
      <h2 id="welcome-password" className="text-lg font-bold text-ink-900">
        Set a password for your portal
      </h2>
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
      />
      <SubmitButton pending={isSubmitting} icon={<KeyRound aria-hidden="true" className="size-5" />}>
        Set Password and Sign In
      </SubmitButton>
    </form>
  );
}

/**
 * 'Use a passkey': `accept` accepts the invitation without a password (or resolves null when it
 * cannot yet, e.g. a name is missing, having said so itself); the passkey is then created, signed in.
 */
export function PasskeyChoice({
  accept,
  onDone,
}: {
  accept: () => Promise<AcceptAnswer | null>;
  onDone: (outcome: Outcome) => void;
}) {
  const [pending, setPending] = useState(false);
  if (typeof window !== 'undefined' && !browserSupportsWebAuthn()) return null;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink-700">
        Or sign in with your fingerprint, face or device PIN instead of a password.
      </p>
      <button
        type="button"
        className="btn-secondary w-full justify-center"
        disabled={pending}
        onClick={() => {
          setPending(true);
          accept()
            .then(async (answer) => {
              if (!answer) return;
              if (answer.twoFactorRequired) return onDone({ step: 'code', challenge: answer.challenge });
              try {
                await securityApi('client').addPasskey('Passkey');
                onDone({ step: 'done' });
              } catch (error) {
                // Signed in already: the passkey can be added again from Settings.
                onDone({ step: 'done', passkeyFailed: messageOf(error, 'The passkey was not created.') });
              }
            })
            .catch((error: unknown) =>
              toast({
                title: 'Could not open your portal',
                description: messageOf(error, 'Please try again.'),
                variant: 'destructive',
              }),
            )
            .finally(() => setPending(false));
        }}
      >
        <KeyRound aria-hidden="true" className="size-5" />
        Use a passkey
      </button>
    </div>
  );
}

/** The "or" between two ways in. */
export function Or() {
  return (
    <div className="flex items-center gap-3 text-sm text-ink-700" aria-hidden="true">
      <span className="h-px flex-1 bg-ink-700/15" />
      or
      <span className="h-px flex-1 bg-ink-700/15" />
    </div>
  );
}

/** A team invitation's form: the name (the registration's rule) and a new password, twice. */
const joinSchema = z
  .object({ name: registerSchema.shape.name, password: registerSchema.shape.password, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
type JoinValues = z.input<typeof joinSchema>;

/**
 * A person invited to a client's team joins (POST /api/client/invitations/accept): their name,
 * prefilled with `invitedName`, and a password, or their name and a passkey. `onDone` gets the
 * outcome and the name they chose.
 */
export function TeamJoin({
  token,
  invitedName,
  onDone,
}: {
  token: string;
  invitedName: string;
  onDone: (outcome: Outcome, name: string) => void;
}) {
  const accept = useAcceptTeamInvitation();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<JoinValues>({
    resolver: zodResolver(joinSchema),
    defaultValues: { name: invitedName, password: '', confirmPassword: '' },
  });
  const submit = useSubmit(accept, {
    setError,
    failure: { title: 'Could not set your password', description: (error) => messageOf(error, 'Please try again.') },
    onSuccess: (answer, sent) => onDone(outcomeOf(answer), sent.name),
  });
  const name = () => getValues('name').trim();
  return (
    <>
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit((values) => submit({ token, name: values.name.trim(), password: values.password }))}
        aria-labelledby="welcome-join"
        className="grid gap-4"
      >
        <h2 id="welcome-join" className="text-lg font-bold text-ink-900">
          Your name and a password
        </h2>
        <Field label="Full name" error={errors.name?.message} hint="How your team and the studio see you.">
          {(control) => <input {...control} autoComplete="name" className="field-input" {...register('name')} />}
        </Field>
        <NewPasswordFields
          password={register('password')}
          confirm={register('confirmPassword')}
          errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
        />
        <SubmitButton pending={isSubmitting} icon={<KeyRound aria-hidden="true" className="size-5" />}>
          Set Password and Sign In
        </SubmitButton>
      </form>
      <Or />
      <PasskeyChoice
        accept={async () => {
          // The passkey needs the name too: a missing one is said under its field.
          if (!(await trigger('name'))) {
            setFocus('name');
            return null;
          }
          return accept.mutateAsync({ token, name: name() });
        }}
        onDone={(outcome) => onDone(outcome, name())}
      />
    </>
  );
}
