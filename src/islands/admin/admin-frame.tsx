/**
 * What the admin pages share (docs/product.md#dashboard): the query client (a 401 from any list
 * or write shows the sign-in screen again), the header with the staff member's display name, 'Administrator' and
 * Sign Out, the 'Loading...' state while the session is checked, the sign-in screen when there is
 * no session, and the notification region.
 */
import { KeyRound, LogOut, ShieldCheck, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query.ts';
import { SessionFrame } from '../ui/session-frame.tsx';
import { BrandMark } from '../ui/brand-mark.tsx';
import { LoginScreen } from './admin-login.tsx';
import { useAdminLogout } from './mutations.ts';
import { adminKeys, useAdminSession, type AdminUser } from './queries.ts';

function Header({ user }: { user: AdminUser | null }) {
  const logout = useAdminLogout();
  return (
    <header data-top-bar className="border-b border-ink-700/10 bg-white">
      {/* One row of fixed height at every width: the signed-in name shows from 1024 px (the
          dashboard's first line names them at every width), wrapping inside its column if it is
          long; below 640 px the title is for screen readers only and the buttons drop their icons
          and shrink, keeping their words, so the row fits 320 px. */}
      <div className="container-wide flex h-16 items-center justify-between gap-2 sm:gap-3">
        <a href="/admin" className="inline-flex shrink-0 items-center gap-2 font-bold whitespace-nowrap text-ink-900">
          <BrandMark className="size-8" />
          <span className={user ? 'max-sm:sr-only' : undefined}>
            Admin Dashboard<span className="sr-only">, First State Web Studio</span>
          </span>
        </a>
        {user && (
          <div className="flex min-w-0 items-center gap-1.5 sm:gap-3">
            <div className="hidden max-w-xs min-w-0 text-right text-sm leading-tight lg:block">
              <p className="font-semibold wrap-anywhere text-ink-900">{user.displayName}</p>
              <p className="inline-flex items-center gap-1 whitespace-nowrap text-ink-700">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                {user.role === 'owner' ? 'Administrator' : 'Staff'}
              </p>
            </div>
            <a href="#team" className="btn-secondary shrink-0 px-2.5 whitespace-nowrap max-sm:text-sm sm:px-4">
              <Users aria-hidden="true" className="size-4 max-sm:hidden" />
              Team
            </a>
            <a href="#security" className="btn-secondary shrink-0 px-2.5 whitespace-nowrap max-sm:text-sm sm:px-4">
              <KeyRound aria-hidden="true" className="size-4 max-sm:hidden" />
              Account
            </a>
            <button
              type="button"
              className="btn-secondary shrink-0 px-2.5 whitespace-nowrap max-sm:text-sm sm:px-4"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              <LogOut aria-hidden="true" className="size-4 max-sm:hidden" />
              Sign Out
            </button>
          </div>
        )}
      </div>
    </header>
  );
}

/** Renders `children` for a signed-in staff member; the sign-in screen otherwise. */
export function AdminFrame({ children }: { children: (user: AdminUser) => ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({ onUnauthorized: () => client.setQueryData(adminKeys.me, null) });
    return client;
  });
  return (
    <SessionFrame
      queryClient={queryClient}
      useSession={useAdminSession}
      Header={Header}
      SignIn={LoginScreen}
      container="container-wide"
    >
      {children}
    </SessionFrame>
  );
}
