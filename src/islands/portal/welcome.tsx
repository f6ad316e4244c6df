/**
 * /portal/welcome (docs/product.md#invitations): where an invitation lands. The token comes after
 * `#` (never sent to a server) and leaves the address bar as soon as it is read. For a client's
 * first owner, the page greets them by name and offers 'Set a password for your portal' or 'Use a
 * passkey'; for a person invited to a client's team (docs/product.md#client-teams) it says who
 * invited them to which business and as which role, and asks for their name (prefilled) with a
 * password, or a passkey (welcome-choices.tsx). Either signs them in, and the page then greets
 * them for the first time. A used invitation says so and offers to sign in; an expired or broken
 * one offers 'Send me a new link'. A reset link that lands here goes on to /portal/reset-password.
 * An invitation that came with a proposal (docs/product.md#proposals) names the page to land on
 * (`redirectPath`): the last step then offers 'Review the proposal' there instead of 'Go to my portal'.
 */
import { ArrowRight, Mail, PartyPopper } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CLIENT_ROLE_DESCRIPTIONS, CLIENT_ROLE_LABELS, CLIENT_ROLES, type ClientRole } from '../../shared/team.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { toast } from '../lib/toast-store.ts';
import { Loading } from '../ui/loading.tsx';
import Toaster from '../ui/toaster.tsx';
import { useAcceptInvitation, useDescribePasswordLink, useRequestNewInvitation } from './mutations.ts';
import { EmailLinkRequest, PortalSecondFactor } from './sign-in-steps.tsx';
import { Or, PasskeyChoice, PasswordChoice, TeamJoin, type Outcome } from './welcome-choices.tsx';

/** Who invited a person to a client's team, to which business, as which role (from the link). */
type TeamInvite = { inviter: string; business: string; role: string };

/** Where the person lands once set up: a portal page the invitation names, or null for the portal's home. */
type Landing = string | null;

type State =
  | { step: 'reading' }
  | { step: 'choose'; token: string; name: string; team: TeamInvite | null; landing: Landing }
  | { step: 'code'; challenge: string; name: string; landing: Landing }
  | { step: 'done'; name: string; passkeyFailed?: string; landing: Landing }
  | { step: 'used' }
  | { step: 'expired'; broken: boolean };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The invitation's landing page when it is a page of the portal on this site; null otherwise. */
const portalPath = (path: string | null | undefined): Landing =>
  path && /^\/portal(\/|$)/.test(path) && !path.startsWith('//') ? path : null;

/** The first greeting of a client who has just set up the account (never 'Welcome back!'). */
function greetFirstTime(name: string) {
  toast({ title: `Welcome aboard, ${firstName(name)}!`, description: 'Your client portal is ready.' });
}

/** "Member (projects, messages, files and approvals)": a team invitation's role, in words. */
function roleInWords(role: string): string {
  if (!(CLIENT_ROLES as readonly string[]).includes(role)) return role;
  const known = role as ClientRole;
  return `${CLIENT_ROLE_LABELS[known]} (${CLIENT_ROLE_DESCRIPTIONS[known].toLowerCase()})`;
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
        } else if (link.state === 'usable') {
          setState({
            step: 'choose',
            token,
            name: link.name ?? '',
            team: link.team,
            landing: portalPath(link.redirectPath),
          });
        } else if (link.state === 'used') setState({ step: 'used' });
        else setState({ step: 'expired', broken: link.state === 'unknown' });
      },
      onError: () => setState({ step: 'expired', broken: true }),
    });
  }, [describe]);

  const landing = 'landing' in state ? state.landing : null;
  const finished = (name: string) => (outcome: Outcome) => setState({ ...outcome, name, landing });

  useEffect(() => {
    if (state.step === 'done') greetFirstTime(state.name);
  }, [state]);

  const heading =
    state.step === 'choose'
      ? state.team
        ? `${state.team.inviter} invited you to ${state.team.business}'s client portal`
        : `Welcome to your client portal, ${firstName(state.name)}`
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
        {state.step === 'choose' && !state.team && (
          <div className="grid gap-6">
            <p className="text-ink-700">
              Here you follow your projects, approve work and talk to the team. Choose how you will sign in.
            </p>
            <PasswordChoice token={state.token} onSignedIn={finished(state.name)} />
            <Or />
            <FirstOwnerPasskey token={state.token} onDone={finished(state.name)} />
          </div>
        )}
        {state.step === 'choose' && state.team && (
          <div className="grid gap-6">
            <p className="text-ink-700">
              Your role: {roleInWords(state.team.role)}. Choose the name you go by and how you will sign in.
            </p>
            <TeamJoin
              token={state.token}
              invitedName={state.name}
              onDone={(outcome, name) => finished(name)(outcome)}
            />
          </div>
        )}
        {state.step === 'code' && (
          <PortalSecondFactor
            challenge={state.challenge}
            onCancel={() => window.location.assign('/portal/login')}
            onDone={() => setState({ step: 'done', name: state.name, landing: state.landing })}
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
            <a href={state.landing ?? '/portal'} className="btn-primary">
              {state.landing ? 'Review the proposal' : 'Go to my portal'}
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

/** 'Use a passkey' for a client's first owner: the invitation accepted without a password. */
function FirstOwnerPasskey({ token, onDone }: { token: string; onDone: (outcome: Outcome) => void }) {
  const accept = useAcceptInvitation();
  return <PasskeyChoice accept={() => accept.mutateAsync({ token })} onDone={onDone} />;
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
