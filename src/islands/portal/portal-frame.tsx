/**
 * What every portal screen shares (docs/product.md#portal): the query client, the header (logo,
 * the person's name, Invoices (docs/product.md#invoices: for owners and billing members only),
 * Team (docs/product.md#client-teams: every role may open it), Settings
 * (docs/product.md#settings-screen) and Sign Out when signed in), the 'Loading...' state while
 * the session is checked, the sign-in screen when there is no session (also as soon as any request
 * answers 401: the session ended, or its member was removed from the team, while the page was
 * open), the notification region, and above every screen of an unconfirmed account the notice
 * 'Confirm your email' with 'Send it again' (docs/product.md#registration).
 */
import { ArrowLeft, LogOut, MailCheck, ReceiptText, Settings, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { createQueryClient } from '../lib/query.ts';
import { SessionFrame } from '../ui/session-frame.tsx';
import { BrandMark } from '../ui/brand-mark.tsx';
import LoginScreen from './login-screen.tsx';
import { messageOf } from '../lib/api.ts';
import { useLogout, useResendConfirmation } from './mutations.ts';
import { portalKeys, useClientSession, type PortalClient } from './queries.ts';
import type { ClientRole } from '../../shared/team.ts';

const SETTINGS_PATH = '/portal/settings';
const TEAM_PATH = '/portal/team';
const INVOICES_PATH = '/portal/invoices';

/** Whether a member with `role` sees invoices, payments and the plan (docs/product.md#invoices). */
export const mayBill = (role: ClientRole) => role === 'owner' || role === 'billing';

/** A header link (Invoices, Team, Settings): an icon alone on phones, with its word from 640 px. */
function NavLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <a
      href={href}
      className="btn-secondary min-w-11 px-3 sm:px-5"
      aria-current={window.location.pathname.replace(/\/$/, '') === href ? 'page' : undefined}
    >
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </a>
  );
}

function Header({ user: client }: { user: PortalClient | null }) {
  const logout = useLogout();
  return (
    <header data-top-bar className="border-b border-ink-700/10 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <a href="/portal" className="inline-flex shrink-0 items-center gap-2 font-bold whitespace-nowrap text-ink-900">
          <BrandMark className="size-8" />
          {/* Signed in, below 360 px (below 384 px with Invoices too) the mark stands alone (the words are still its name), so the links and Sign Out fit. */}
          <span
            className={
              client ? (mayBill(client.member.role) ? 'max-[23.99rem]:sr-only' : 'max-[22.49rem]:sr-only') : undefined
            }
          >
            Client Portal<span className="sr-only">, First State Web Studio</span>
          </span>
        </a>
        <div className="flex min-w-0 items-center gap-1.5 min-[26.25rem]:gap-2 sm:gap-3">
          {client ? (
            <>
              {/* From 1024 px, or from 1280 px when Invoices takes its room too, so a long name keeps one line. */}
              <span
                className={cn(
                  'hidden min-w-0 text-right text-sm leading-tight wrap-anywhere text-ink-700',
                  mayBill(client.member.role) ? 'xl:inline' : 'lg:inline',
                )}
              >
                Signed in as <strong className="text-ink-900">{client.name}</strong>
              </span>
              {/* Narrower on phones (Invoices, Team and Settings as icons, Sign Out as a word or an icon), so the header keeps one row from 320 px. */}
              {mayBill(client.member.role) && (
                <NavLink
                  href={INVOICES_PATH}
                  label="Invoices"
                  icon={<ReceiptText aria-hidden="true" className="size-4" />}
                />
              )}
              <NavLink href={TEAM_PATH} label="Team" icon={<Users aria-hidden="true" className="size-4" />} />
              <NavLink
                href={SETTINGS_PATH}
                label="Settings"
                icon={<Settings aria-hidden="true" className="size-4" />}
              />
              <button
                type="button"
                className="btn-secondary shrink-0 px-3 whitespace-nowrap max-[26.24rem]:w-11 max-[26.24rem]:px-0 sm:px-5"
                onClick={() => logout.mutate()}
              >
                {/* An icon alone below 420 px, the word alone up to 640 px, both above. */}
                <LogOut aria-hidden="true" className="size-4 min-[26.25rem]:max-sm:hidden" />
                <span className="max-[26.24rem]:sr-only">Sign Out</span>
              </button>
            </>
          ) : (
            <a href="/" className="btn-secondary shrink-0 whitespace-nowrap max-[26.24rem]:w-11 max-[26.24rem]:px-0">
              <ArrowLeft aria-hidden="true" className="size-4" />
              <span className="max-[26.24rem]:sr-only">Back to website</span>
            </a>
          )}
        </div>
      </div>
    </header>
  );
}

/** The small notice of an unconfirmed account: where the link went, and 'Send it again'. */
function ConfirmEmailNotice({ email }: { email: string }) {
  const resend = useResendConfirmation();
  return (
    <div
      role="region"
      aria-label="Confirm your email"
      className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-ink-900 ring-1 ring-amber-700/30"
    >
      <MailCheck aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
      <p className="min-w-0 flex-1 basis-56 wrap-anywhere">
        <strong>Confirm your email:</strong> we sent a link to {email}.
      </p>
      {resend.isSuccess ? (
        <p role="status" className="font-semibold text-green-900">
          Sent. Check your inbox.
        </p>
      ) : (
        <button
          type="button"
          className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline disabled:opacity-60"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Send it again
        </button>
      )}
      {resend.isError && (
        <p role="alert" className="basis-full text-danger-700">
          {messageOf(resend.error, 'Could not send the link. Please try again later.')}
        </p>
      )}
    </div>
  );
}

/**
 * Renders `children` for a signed-in client (under the notice of an unconfirmed email); the
 * sign-in screen otherwise, and from the moment any request answers 401.
 */
export function PortalFrame({ children }: { children: (client: PortalClient) => ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({ onUnauthorized: () => client.setQueryData(portalKeys.me, null) });
    return client;
  });
  return (
    <SessionFrame queryClient={queryClient} useSession={useClientSession} Header={Header} SignIn={LoginScreen}>
      {(client) => (
        <>
          {!client.confirmed && <ConfirmEmailNotice email={client.email} />}
          {children(client)}
        </>
      )}
    </SessionFrame>
  );
}
