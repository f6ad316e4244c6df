/**
 * The frame of a signed-in area (the client portal, the admin dashboard): the island's query
 * client, the area's header, the 'Loading...' state while the session is checked, the sign-in
 * screen when there is none, `children(user)` when there is, and the
 * notification region. The grey page is at least as tall as the window.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Loading } from './loading.tsx';
import Toaster from './toaster.tsx';

export interface SessionFrameProps<U> {
  queryClient: QueryClient;
  /** The session hook: the signed-in user or null, and whether the check is still running. */
  useSession: () => { user: U | null; isLoading: boolean };
  Header: ComponentType<{ user: U | null }>;
  SignIn: ComponentType;
  children: (user: U) => ReactNode;
  /** The page's container: `container-page`, or `container-wide` for the dashboard's tables. */
  container?: 'container-page' | 'container-wide';
}

function Guarded<U>({
  useSession,
  Header,
  SignIn,
  children,
  container = 'container-page',
}: Omit<SessionFrameProps<U>, 'queryClient'>) {
  const { user, isLoading } = useSession();
  return (
    // The grey page fills the window however short the screen's content (no white band below).
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <Header user={user} />
      <main id="main" className="flex-1 py-8 sm:py-10">
        <div className={container}>{isLoading ? <Loading /> : user ? children(user) : <SignIn />}</div>
      </main>
    </div>
  );
}

export function SessionFrame<U>({ queryClient, ...guarded }: SessionFrameProps<U>) {
  return (
    <QueryClientProvider client={queryClient}>
      <Guarded {...guarded} />
      <Toaster />
    </QueryClientProvider>
  );
}
