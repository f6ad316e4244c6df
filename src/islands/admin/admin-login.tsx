/**
 * The admin sign-in screen (docs/product.md#admin-sign-in): 'Continue with Google' goes to the API's
 * Google sign-in (apiLinks.googleSignIn); an `error` query parameter shows its message; with
 * Google not configured on the server the button explains so instead of failing. A one-time sign-in link
 * (`npm run admin:link`) arrives as `#link=TOKEN`: the fragment is removed from the address at
 * once, the token is exchanged for a session cookie, and the browser goes to /admin. With two-step
 * verification on, Google or a link is followed by the code (`#second-factor=` after Google);
 * a passkey signs in at once; 'Email me a sign-in link' sends staff a 15-minute link
 * (docs/product.md#sign-in-security).
 */
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { apiLinks, messageOf } from '../lib/api.ts';
import { BrandMark } from '../ui/brand-mark.tsx';
import { Loading } from '../ui/loading.tsx';
import { SecondFactorForm } from '../security/second-factor-form.tsx';
import { StaffEmailLink, StaffPasskeySignIn } from './admin-sign-in-ways.tsx';
import { useLinkSignIn, useStaffSecondFactor } from './mutations.ts';
import { adminQueries } from './queries.ts';

/** Messages for the `error` query parameter the Google callback sets (docs/product.md#admin-sign-in). */
const LOGIN_ERRORS: Record<string, string> = {
  unauthorized: 'Access denied. Only authorized email addresses can access the admin panel.',
  callback_failed: 'Authentication failed. Please try again.',
};
const LOGIN_ERROR_FALLBACK = 'An error occurred during login. Please try again.';
const NOT_CONFIGURED =
  'Google sign-in is not configured on this server yet. Ask the site owner for a one-time sign-in link.';

function loginErrorMessage(code: string): string {
  if (code === 'not_configured') return NOT_CONFIGURED;
  return LOGIN_ERRORS[code] ?? LOGIN_ERROR_FALLBACK;
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

export function LoginScreen() {
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const secondFactor = useStaffSecondFactor();
  const config = useQuery(adminQueries.authConfig);
  const googleReady = config.data?.google !== false;
  const { mutate: signInWithLink, isPending, isSuccess } = useLinkSignIn();

  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('error');
    if (code) setError(loginErrorMessage(code));
    const takeLink = () => {
      const hash = window.location.hash;
      // After Google, with two-step verification on: the challenge of the second step.
      if (hash.startsWith('#second-factor=')) {
        history.replaceState(null, '', window.location.pathname);
        setChallenge(decodeURIComponent(hash.slice('#second-factor='.length)));
        return;
      }
      if (!hash.startsWith('#link=')) return;
      // The token must not stay in the address bar or the history.
      history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
      // Exchanged for a session cookie, then on to /admin; a refused link shows the server's message.
      signInWithLink(decodeURIComponent(hash.slice('#link='.length)), {
        onSuccess: (answer) => {
          if (answer.twoFactorRequired) setChallenge(answer.challenge);
          else window.location.assign('/admin');
        },
        onError: (failure) => setError(messageOf(failure, LOGIN_ERROR_FALLBACK)),
      });
    };
    takeLink();
    // A link opened in a tab already showing this page changes only the fragment.
    window.addEventListener('hashchange', takeLink);
    return () => window.removeEventListener('hashchange', takeLink);
  }, [signInWithLink]);

  if (challenge) {
    return (
      <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-ink-700/10">
        <h1 className="text-2xl font-extrabold text-ink-900">Two-step verification</h1>
        <div className="mt-6">
          <SecondFactorForm
            onCancel={() => setChallenge(null)}
            verify={async (proof) => {
              await secondFactor.mutateAsync({ challenge, ...proof });
              window.location.assign('/admin');
            }}
          />
        </div>
      </div>
    );
  }
  // Still 'Signing you in...' while the browser moves on to /admin.
  if ((isPending || isSuccess) && !challenge) return <Loading label="Signing you in..." />;

  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-ink-700/10">
      <BrandMark className="mx-auto size-12" />
      <h1 className="mt-4 text-center text-2xl font-extrabold text-ink-900">Admin Login</h1>
      <p className="mt-2 text-center text-ink-700">
        Sign in with your First State Web Studio Google account to manage clients, projects, messages and leads.
      </p>
      {error && (
        <div role="alert" className="mt-6 flex gap-3 rounded-lg bg-red-50 p-4 text-danger-700 ring-1 ring-red-200">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{error}</p>
        </div>
      )}
      <a
        href={apiLinks.googleSignIn}
        className="btn-secondary mt-6 w-full"
        onClick={(event) => {
          if (googleReady) return;
          event.preventDefault();
          setError(NOT_CONFIGURED);
        }}
      >
        <GoogleMark />
        Continue with Google
      </a>
      <StaffPasskeySignIn onError={setError} />
      <StaffEmailLink />
      <p className="mt-4 flex gap-2 text-sm text-ink-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Only authorized staff email addresses can sign in.
      </p>
      <p className="mt-6 text-center">
        <a href="/" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to website
        </a>
      </p>
    </div>
  );
}
