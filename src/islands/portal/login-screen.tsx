/**
 * Client sign-in and registration (docs/product.md#portal-sign-in): two modes with a toggle (no
 * 'Create one' when the server says registration is closed, CLIENT_SELF_REGISTRATION), show or
 * hide the password, the field messages and toasts of docs/product.md#validation, 'Forgot
 * password?', 'Email me a sign-in link', and the second step when two-step verification is on
 * (docs/product.md#sign-in-security).
 * Signing in fills the profile query, so the page shows what the client came for (on
 * /portal/login, PortalDashboard then moves on to /portal).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, KeyRound, LogIn, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  loginSchema,
  registerFormSchema,
  type LoginValues,
  type RegisterFormOutput,
  type RegisterFormValues,
} from '../../shared/schemas/client.ts';
import { messageOf } from '../lib/api.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { CompanyPhoneFields, Field, NewPasswordFields, SubmitButton } from '../ui/form.tsx';
import { useLogin, useRegister, useRequestPasswordReset } from './mutations.ts';
import { useRegistrationOpen } from './queries.ts';
import { EmailLinkRequest, PasskeySignIn, PortalSecondFactor, SignInLinkForm, welcomeBack } from './sign-in-steps.tsx';

type Mode = 'signin' | 'register' | 'forgot' | 'link' | 'code';

function SignInForm({
  onForgot,
  onEmailLink,
  onSecondStep,
}: {
  onForgot: () => void;
  onEmailLink: () => void;
  onSecondStep: (challenge: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = useSubmit(useLogin(), {
    failure: { title: 'Login failed', description: (error) => messageOf(error, 'Invalid email or password') },
    onSuccess: (answer) => {
      if (answer.twoFactorRequired) onSecondStep(answer.challenge);
      else welcomeBack();
    },
  });

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign in" className="grid gap-4">
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email webauthn"
            className="field-input"
            {...register('email')}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => (
          <div className="relative">
            <input
              {...control}
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
              className="field-input pr-12"
              {...register('password')}
            />
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? 'Hide password' : 'Show password'}
              aria-pressed={visible}
              className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center text-ink-700 hover:text-ink-900"
            >
              {visible ? (
                <EyeOff aria-hidden="true" className="size-5" />
              ) : (
                <Eye aria-hidden="true" className="size-5" />
              )}
            </button>
          </div>
        )}
      </Field>
      <div className="-mt-1 flex flex-wrap justify-between gap-2">
        <button
          type="button"
          onClick={onEmailLink}
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Email me a sign-in link
        </button>
        <button
          type="button"
          onClick={onForgot}
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </button>
      </div>
      <SubmitButton pending={isSubmitting} icon={<LogIn aria-hidden="true" className="size-5" />}>
        Sign In
      </SubmitButton>
      <PasskeySignIn />
    </form>
  );
}

function RegisterForm() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', company: '', phone: '', password: '', confirmPassword: '' },
  });

  const submit = useSubmit(useRegister(), {
    setError,
    success: { title: 'Account created!', description: 'Welcome to your client portal.' },
    failure: { title: 'Registration failed', description: (error) => messageOf(error, 'Unable to create account') },
  });
  // The request carries everything but the confirmation.
  const onSubmit = ({ confirmPassword: _confirm, ...values }: RegisterFormOutput) => submit(values);

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Create account" className="grid gap-4">
      <Field label="Full name" error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="name" className="field-input" {...register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <input {...control} type="email" autoComplete="email" className="field-input" {...register('email')} />
        )}
      </Field>
      <CompanyPhoneFields
        company={register('company')}
        phone={register('phone')}
        errors={{ company: errors.company?.message, phone: errors.phone?.message }}
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
      />
      <SubmitButton pending={isSubmitting} icon={<UserPlus aria-hidden="true" className="size-5" />}>
        Create Account
      </SubmitButton>
    </form>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  return (
    <EmailLinkRequest
      request={useRequestPasswordReset()}
      name="Reset password"
      intro="Enter your account's email address and we'll send you a link to choose a new password."
      button="Send Reset Link"
      icon={<KeyRound aria-hidden="true" className="size-5" />}
      sent="If an account exists for that address, we've emailed a link to choose a new password. It works once, for one hour."
      onBack={onBack}
    />
  );
}

export default function LoginScreen() {
  const [mode, setMode] = useState<Mode>('signin');
  // Registration can be closed (CLIENT_SELF_REGISTRATION); 'Create one' shows once the server says it is open.
  const registrationOpen = useRegistrationOpen();
  const [challenge, setChallenge] = useState('');
  const titles: Record<Mode, [string, string]> = {
    signin: ['Sign in to your portal', 'Follow your projects and talk to your team.'],
    register: ['Create your account', 'Set up access to your project portal.'],
    forgot: ['Forgot your password?', 'We will email you a link.'],
    link: ['Sign in by email', 'No password needed: we email you a link.'],
    code: ['Two-step verification', 'One more step to sign in.'],
  };
  const [title, subtitle] = titles[mode];
  return (
    <section
      aria-labelledby="portal-auth-title"
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-ink-700/10 sm:p-8"
    >
      <h1 id="portal-auth-title" className="text-2xl font-extrabold text-ink-900">
        {title}
      </h1>
      <p className="mt-1 text-ink-700">{subtitle}</p>
      <div className="mt-6">
        {mode === 'signin' && (
          <SignInForm
            onForgot={() => setMode('forgot')}
            onEmailLink={() => setMode('link')}
            onSecondStep={(next) => {
              setChallenge(next);
              setMode('code');
            }}
          />
        )}
        {mode === 'register' && <RegisterForm />}
        {mode === 'forgot' && <ForgotForm onBack={() => setMode('signin')} />}
        {mode === 'link' && <SignInLinkForm onBack={() => setMode('signin')} />}
        {mode === 'code' && <PortalSecondFactor challenge={challenge} onCancel={() => setMode('signin')} />}
      </div>
      {((mode === 'signin' && registrationOpen) || mode === 'register') && (
        <p className="mt-6 border-t border-ink-700/10 pt-5 text-center text-sm text-ink-700">
          {mode === 'signin' ? "Don't have an account?" : 'Already have an account?'}{' '}
          <button
            type="button"
            onClick={() => setMode(mode === 'signin' ? 'register' : 'signin')}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {mode === 'signin' ? 'Create one' : 'Sign in'}
          </button>
        </p>
      )}
    </section>
  );
}
