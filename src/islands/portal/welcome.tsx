/**
 * /portal/welcome (docs/product.md#invitations): where a new client's invitation lands. The token
 * comes after `#` (never sent to a server) and leaves the address bar as soon as it is read. The
 * page greets the client by name and offers 'Set a password for your portal' or 'Use a passkey';
 * either signs the client in, and the page then greets them for the first time. A used invitation
 * says so and offers to sign in; an expired or broken one offers 'Send me a new link'. A reset
 * link that lands here goes on to /portal/reset-password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ArrowRight, KeyRound, Mail, PartyPopper } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordResetFormSchema } from '../../shared/schemas/client.ts';
import { messageOf } from '../lib/api.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { toast } from '../lib/toast-store.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { securityApi } from '../security/security-api.ts';
import { Loading } from '../ui/loading.tsx';
import Toaster from '../ui/toaster.tsx';
import { NewPasswordFields, SubmitButton } from '../ui/form.tsx';
import { useAcceptInvitation, useDescribePasswordLink, useRequestNewInvitation } from './mutations.ts';
import { EmailLinkRequest, PortalSecondFactor } from './sign-in-steps.tsx';

type State =
  | { step: 'reading' }
  | { step: 'choose'; token: string; name: string }
  | { step: 'code'; challenge: string; name: string }
  | { step: 'done'; name: string; passkeyFailed?: string }
  | { step: 'used' }
  | { step: 'expired'; broken: boolean };

type Values = { password: string; confirmPassword: string };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The first greeting of a client who has just set up the account (never 'Welcome back!'). */
function greetFirstTime(name: string) {
  toast({ title: `Welcome aboard, ${firstName(name)}!`, description: 'Your client portal is ready.' });
}

function PasswordChoice({
  token,
  onSignedIn,
}: {
  token: string;
  onSignedIn: (answer: { twoFactorRequired: true; challenge: string } | { twoFactorRequired: false }) => void;
}) {
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
    onSuccess: onSignedIn,
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

/** 'Use a passkey': accepts the invitation without a password, then creates the passkey signed in. */
function PasskeyChoice({ token, name, onDone }: { token: string; name: string; onDone: (state: State) => void }) {
  const accept = useAcceptInvitation();
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
          accept
            .mutateAsync({ token })
            .then(async (answer) => {
              if (answer.twoFactorRequired) return onDone({ step: 'code', challenge: answer.challenge, name });
              try {
                await securityApi('client').addPasskey('Passkey');
                onDone({ step: 'done', name });
              } catch (error) {
                // Signed in already: the passkey can be added again from Settings.
                onDone({
                  step: 'done',
                  name,
                  passkeyFailed: messageOf(error, 'The passkey was not created.'),
                });
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

function Welcome() {
  const describe = useDescribePasswordLink();
  const [state, setState] = useState<State>({ step: 'reading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setState({ step: 'expired', broken: true });
      return;
    }
    describe.mutate(token, {
      onSuccess: (link) => {
        if (link.state !== 'unknown' && link.purpose === 'reset') {
          window.location.replace(`/portal/reset-password#token=${token}`);
        } else if (link.state === 'usable') setState({ step: 'choose', token, name: link.name ?? '' });
        else if (link.state === 'used') setState({ step: 'used' });
        else setState({ step: 'expired', broken: link.state === 'unknown' });
      },
      onError: () => setState({ step: 'expired', broken: true }),
    });
  }, [describe]);

  const finished =
    (name: string) => (answer: { twoFactorRequired: true; challenge: string } | { twoFactorRequired: false }) => {
      if (answer.twoFactorRequired) setState({ step: 'code', challenge: answer.challenge, name });
      else setState({ step: 'done', name });
    };

  useEffect(() => {
    if (state.step === 'done') greetFirstTime(state.name);
  }, [state]);

  const heading =
    state.step === 'choose'
      ? `Welcome to your client portal, ${firstName(state.name)}`
      : state.step === 'done'
        ? `You're all set, ${firstName(state.name)}`
        : state.step === 'code'
          ? 'Two-step verification'
          : state.step === 'used'
            ? 'This invitation has been used'
            : state.step === 'expired'
              ? 'This invitation no longer works'
              : 'Welcome to your client portal';

  return (
    <section
      aria-labelledby="welcome-title"
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-ink-700/10 sm:p-8"
    >
      <h1 id="welcome-title" className="text-2xl font-extrabold wrap-break-word text-ink-900">
        {heading}
      </h1>
      <div className="mt-4">
        {state.step === 'reading' && <Loading label="Opening your invitation..." compact />}
        {state.step === 'choose' && (
          <div className="grid gap-6">
            <p className="text-ink-700">
              Here you follow your projects, approve work and talk to the team. Choose how you will sign in.
            </p>
            <PasswordChoice token={state.token} onSignedIn={finished(state.name)} />
            <div className="flex items-center gap-3 text-sm text-ink-700" aria-hidden="true">
              <span className="h-px flex-1 bg-ink-700/15" />
              or
              <span className="h-px flex-1 bg-ink-700/15" />
            </div>
            <PasskeyChoice token={state.token} name={state.name} onDone={setState} />
          </div>
        )}
        {state.step === 'code' && (
          <PortalSecondFactor
            challenge={state.challenge}
            onCancel={() => window.location.assign('/portal/login')}
            onDone={() => setState({ step: 'done', name: state.name })}
            greet={false}
          />
        )}
        {state.step === 'done' && (
          <div className="grid gap-4">
            <p role="status" className="flex gap-3 rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-700/30">
              <PartyPopper aria-hidden="true" className="size-5 shrink-0" />
              <span>Welcome aboard! Your portal is ready, and you are signed in.</span>
            </p>
            {state.passkeyFailed && (
              <p role="alert" className="rounded-lg bg-amber-50 p-4 text-ink-900">
                {state.passkeyFailed} You can add a passkey any time in Settings, or set a password with &lsquo;Forgot
                password?&rsquo; on the sign-in screen.
              </p>
            )}
            <a href="/portal" className="btn-primary">
              Go to my portal
              <ArrowRight aria-hidden="true" className="size-5" />
            </a>
          </div>
        )}
        {state.step === 'used' && (
          <div className="grid gap-4">
            <p role="alert" className="rounded-lg bg-amber-50 p-4 text-ink-900">
              This invitation has already been used. Sign in with your password or passkey.
            </p>
            <a href="/portal/login" className="btn-primary">
              Sign in
            </a>
          </div>
        )}
        {state.step === 'expired' && (
          <div className="grid gap-4">
            <p role="alert" className="rounded-lg bg-amber-50 p-4 text-ink-900">
              {state.broken
                ? 'This invitation link is incomplete or no longer works.'
                : 'This invitation has expired: for your safety, invitation links work for 72 hours.'}{' '}
              We can email you a new link.
            </p>
            <NewInvitationForm />
          </div>
        )}
      </div>
    </section>
  );
}

/** 'Send me a new link': a new invitation to the address on file; the answer reads the same whatever the address. */
function NewInvitationForm() {
  return (
    <EmailLinkRequest
      request={useRequestNewInvitation()}
      name="Send me a new link"
      intro="Enter the email address the invitation was sent to."
      button="Send me a new link"
      icon={<Mail aria-hidden="true" className="size-5" />}
      sent="If that address has an invitation waiting, we've emailed a new link. It works once, for 72 hours."
      onBack={() => window.location.assign('/portal/login')}
    />
  );
}

export default function WelcomePage() {
  return (
    <QueryIsland>
      <Welcome />
      <Toaster />
    </QueryIsland>
  );
}
