/**
 * What every portal screen shares (docs/product.md#portal): the query client, the header (logo,
 * the client's name, Settings (docs/product.md#settings-screen) and Sign Out when signed in),
 * the 'Loading...' state while the session is checked, the sign-in screen when there is no
 * session, and the notification region.
 */
import { ArrowLeft, LogOut, Settings } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query.ts';
import { SessionFrame } from '../ui/session-frame.tsx';
import { BrandMark } from '../ui/brand-mark.tsx';
import LoginScreen from './login-screen.tsx';
import { useLogout } from './mutations.ts';
import { useClientSession, type PortalClient } from './queries.ts';

const SETTINGS_PATH = '/portal/settings';

function Header({ user: client }: { user: PortalClient | null }) {
  const logout = useLogout();
  return (
    <header data-top-bar className="border-b border-ink-700/10 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <a href="/portal" className="inline-flex shrink-0 items-center gap-2 font-bold whitespace-nowrap text-ink-900">
          <BrandMark className="size-8" />
          <span>
            Client Portal<span className="sr-only">, First State Web Studio</span>
          </span>
        </a>
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          {client ? (
            <>
              <span className="hidden min-w-0 text-right text-sm leading-tight wrap-anywhere text-ink-700 lg:inline">
                Signed in as <strong className="text-ink-900">{client.name}</strong>
              </span>
              {/* Narrower on phones (Settings as an icon, Sign Out as a word or an icon), so the header keeps one row from 320 px. */}
              <a
                href={SETTINGS_PATH}
                className="btn-secondary min-w-11 px-3 sm:px-5"
                aria-current={window.location.pathname === SETTINGS_PATH ? 'page' : undefined}
              >
                <Settings aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">Settings</span>
              </a>
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

/** Renders `children` for a signed-in client; the sign-in screen otherwise. */
export function PortalFrame({ children }: { children: (client: PortalClient) => ReactNode }) {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <SessionFrame queryClient={queryClient} useSession={useClientSession} Header={Header} SignIn={LoginScreen}>
      {children}
    </SessionFrame>
  );
}
