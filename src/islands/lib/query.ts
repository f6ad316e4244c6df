/**
 * TanStack Query as every island uses it (freshness in docs/product.md#limits): each area's `queries.ts` names
 * its query keys, fetchers (through the typed client in api.ts) and freshness; its
 * `mutations.ts` holds every write. No retries for queries or mutations, no refetch on window
 * focus, no polling: data is refreshed when it is stale and shown again, or when a write
 * invalidates it.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './api.ts';

/** How long the signed-in profile stays fresh: 5 minutes (docs/product.md#limits). */
export const FRESH_PROFILE_MS = 300_000;
/** How long a list stays fresh (the portal's projects, the dashboard's lists): 2 minutes. */
export const FRESH_LIST_MS = 120_000;
/** How long one project's detail stays fresh in the portal: 1 minute. */
export const FRESH_DETAIL_MS = 60_000;

/**
 * Runs a profile fetch and reads a 401 as "signed out" (null) instead of an error. Any other
 * failure is thrown.
 */
export async function nullWhenSignedOut<T>(fetcher: () => Promise<T>): Promise<T | null> {
  try {
    return await fetcher();
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/**
 * The query client of one island. `onUnauthorized` runs when any query or mutation answers 401
 * (the session ended while the page was open), so the island can show its sign-in screen.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized?: () => void } = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) onUnauthorized?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
