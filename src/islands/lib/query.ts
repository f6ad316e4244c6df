/**
 * TanStack Query set up as SPEC.md 7 and 9 say: a query's key segments joined with '/' form the
 * path it GETs (with cookies); a 401 is an error unless the query asks for null instead; no
 * retries for queries or mutations, no refetch on window focus, no polling.
 */
import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api.ts';

/** Freshness of SPEC.md 9, in milliseconds. */
export const FRESH_PROFILE_MS = 300_000;
export const FRESH_LIST_MS = 120_000;
export const FRESH_DETAIL_MS = 60_000;

/** The default query: GET the key's segments joined with '/'. With `on401: 'returnNull'` a 401 gives null. */
export function getQueryFn<T>({ on401 }: { on401: 'throw' | 'returnNull' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>('GET', queryKey.join('/'));
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/**
 * The query client of one island. `onUnauthorized` runs when any query or mutation answers 401
 * (the session ended while the page was open), so the island can show its sign-in screen.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized?: () => void } = {}): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
