/**
 * /portal/sign-in (docs/product.md#sign-in-security): signs a client in from an emailed link. The
 * token comes after `#` (never sent to a server) and leaves the address bar as soon as it is read;
 * the page sends no Referer. A good link lands on the page it was made for (the project an email
 * was about), after the code when two-step verification is on; a used or expired one says so and
 * offers to email a new link.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError, messageOf } from '../lib/api.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { Loading } from '../ui/loading.tsx';
import { useRedeemSignInLink } from './mutations.ts';
import { PortalSecondFactor, SignInLinkForm } from './sign-in-steps.tsx';

type State =
  | { step: 'reading' }
  | { step: 'code'; challenge: string; redirect: string }
  | { step: 'failed'; expired: boolean; message: string };

function LinkSignIn() {
  const redeem = useRedeemSignInLink();
  const [state, setState] = useState<State>({ step: 'reading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setState({ step: 'failed', expired: true, message: 'This sign-in link is incomplete.' });
      return;
    }
    redeem.mutate(token, {
      onSuccess: (answer) => {
        if (answer.twoFactorRequired)
          setState({ step: 'code', challenge: answer.challenge, redirect: answer.redirect });
        else window.location.replace(answer.redirect);
      },
      onError: (error) =>
        setState({
          step: 'failed',
          expired: error instanceof ApiError && error.status === 410,
          message: messageOf(error, 'Something went wrong. Please try again.'),
        }),
    });
  }, [redeem]);

  return (
    <section
      aria-labelledby="link-title"
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-ink-700/10 sm:p-8"
    >
      <h1 id="link-title" className="text-2xl font-extrabold text-ink-900">
        {state.step === 'code' ? 'Two-step verification' : 'Signing you in'}
      </h1>
      <div className="mt-6">
        {state.step === 'reading' && <Loading label="Signing you in..." compact />}
        {state.step === 'code' && (
          <PortalSecondFactor
            challenge={state.challenge}
            onCancel={() => window.location.assign('/portal/login')}
            onDone={() => window.location.replace(state.redirect)}
          />
        )}
        {state.step === 'failed' && (
          <div className="grid gap-4">
            <p role="alert" className="rounded-lg bg-amber-50 p-4 text-ink-900">
              {state.message} {state.expired ? 'We can email you a new one.' : ''}
            </p>
            <SignInLinkForm onBack={() => window.location.assign('/portal/login')} />
          </div>
        )}
      </div>
    </section>
  );
}

export default function LinkSignInPage() {
  return (
    <QueryIsland>
      <LinkSignIn />
    </QueryIsland>
  );
}
