/**
 * The portal's other ways into an account (docs/product.md#sign-in-security): 'Email me a sign-in
 * link' (the same answer whether or not the address has an account) and the second step after a
 * password or a link when two-step verification is on.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { KeyRound, Mail } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { passwordResetRequestSchema } from '../../shared/schemas/client.ts';
import { messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SecondFactorForm } from '../security/second-factor-form.tsx';
import { Field, SubmitButton } from '../ui/form.tsx';
import { securityApi } from '../security/security-api.ts';
import { useRequestSignInLink, useSecondFactor } from './mutations.ts';
import { portalKeys, type PortalClient } from './queries.ts';

/** The toast of a completed sign-in. */
export function welcomeBack() {
  toast({ title: 'Welcome back!', description: "You've been successfully logged in." });
}

/**
 * A form that asks for an emailed link (a sign-in link, a password reset): the email, a button,
 * and once sent a status that reads the same whether or not the address has an account; `Back to
 * sign in` under it. `request` sends the address (the area's mutation).
 */
export function EmailLinkRequest({
  request,
  name,
  intro,
  button,
  icon,
  sent,
  onBack,
}: {
  request: UseMutationResult<unknown, Error, { email: string }>;
  name: string;
  intro: string;
  button: string;
  icon: ReactNode;
  sent: string;
  onBack: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });
  const onSubmit = useSubmit(request, {
    failure: { title: 'Could not send the link', description: (error) => messageOf(error, 'Please try again later.') },
  });
  return (
    <div className="grid gap-4">
      {request.isSuccess ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-700/30">
          {sent}
        </p>
      ) : (
        <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={name} className="grid gap-4">
          <p className="text-ink-700">{intro}</p>
          <Field label="Email" error={errors.email?.message}>
            {(control) => (
              <input {...control} type="email" autoComplete="email" className="field-input" {...register('email')} />
            )}
          </Field>
          <SubmitButton pending={isSubmitting} icon={icon}>
            {button}
          </SubmitButton>
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Back to sign in
      </button>
    </div>
  );
}

/** 'Email me a sign-in link': the same answer whether or not the address has an account. */
export function SignInLinkForm({ onBack }: { onBack: () => void }) {
  return (
    <EmailLinkRequest
      request={useRequestSignInLink()}
      name="Email me a sign-in link"
      intro="Enter your account's email address and we'll send you a link that signs you in."
      button="Send Sign-in Link"
      icon={<Mail aria-hidden="true" className="size-5" />}
      sent="If an account exists for that address, we've emailed a link that signs you in. It works once."
      onBack={onBack}
    />
  );
}

/**
 * The second step after a password: the code completes the sign-in, greeted 'Welcome back!'
 * unless `greet` is false (a first sign-in greets in its own words).
 */
export function PortalSecondFactor({
  challenge,
  onCancel,
  onDone,
  greet = true,
}: {
  challenge: string;
  onCancel: () => void;
  onDone?: () => void;
  greet?: boolean;
}) {
  const secondFactor = useSecondFactor();
  return (
    <SecondFactorForm
      onCancel={onCancel}
      verify={async (proof) => {
        const answer = await secondFactor.mutateAsync({ challenge, ...proof });
        if (greet) welcomeBack();
        onDone?.();
        return answer;
      }}
    />
  );
}

/**
 * 'Use a passkey', and the browser's own passkey suggestion in the email field where it
 * offers one (conditional UI): a passkey counts as both steps, so it signs in at once.
 */
export function PasskeySignIn() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const signedIn = (answer: { client: PortalClient }) => {
    queryClient.setQueryData(portalKeys.me, answer.client);
    welcomeBack();
  };
  useEffect(() => {
    let active = true;
    void browserSupportsWebAuthnAutofill().then((autofill) => {
      if (!autofill || !active) return;
      securityApi('client')
        .signInWithPasskey<{ client: PortalClient }>(true)
        .then(signedIn)
        // Cancelled when the person signs in another way, or refused: the form stays.
        .catch(() => undefined);
    });
    return () => {
      active = false;
    };
    // Once, when the sign-in form opens.
  }, []);
  if (typeof window !== 'undefined' && !browserSupportsWebAuthn()) return null;
  return (
    <button
      type="button"
      className="btn-secondary w-full justify-center"
      disabled={pending}
      onClick={() => {
        setPending(true);
        securityApi('client')
          .signInWithPasskey<{ client: PortalClient }>()
          .then(signedIn)
          .catch((error: unknown) => {
            if (error instanceof Error && error.name === 'NotAllowedError') return;
            toast({
              title: 'Passkey sign-in failed',
              description: messageOf(error, 'Please try again, or sign in with your password.'),
              variant: 'destructive',
            });
          })
          .finally(() => setPending(false));
      }}
    >
      <KeyRound aria-hidden="true" className="size-5" />
      Use a passkey
    </button>
  );
}
