/**
 * The client's authentication state (SPEC.md 4, adapted by docs/decisions/0004): the profile
 * query GET /api/client/me, fresh for 5 minutes, never retried; a 401 means signed out. The
 * session lives in an httpOnly cookie, so no token is kept in the browser.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginValues, RegisterValues } from '../../shared/schemas/client.ts';
import { apiRequest } from '../lib/api.ts';
import { FRESH_PROFILE_MS, getQueryFn } from '../lib/query.ts';
import type { PortalClient } from './types.ts';

export const ME_KEY = ['/api/client/me'];

export function useClientAuth() {
  const me = useQuery<PortalClient | null>({
    queryKey: ME_KEY,
    queryFn: getQueryFn<PortalClient>({ on401: 'returnNull' }),
    staleTime: FRESH_PROFILE_MS,
  });
  return {
    client: me.data ?? null,
    isLoading: me.isPending,
    isAuthenticated: Boolean(me.data),
    error: me.error,
  };
}

interface AuthAnswer {
  token: string;
  client: PortalClient;
}

/** Sign-in; on success the profile query is refreshed. The returned token is not stored. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoginValues) => apiRequest<AuthAnswer>('POST', '/api/client/login', values),
    onSuccess: (answer) => queryClient.setQueryData(ME_KEY, answer.client),
  });
}

/** Registration (without confirmPassword, SPEC.md 7); on success the profile query is refreshed. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: RegisterValues) => apiRequest<AuthAnswer>('POST', '/api/client/register', values),
    onSuccess: (answer) => queryClient.setQueryData(ME_KEY, answer.client),
  });
}

/** Signs out on the server, clears every cached query and goes to /portal (SPEC.md 2.1, 4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await apiRequest('POST', '/api/client/logout');
    } finally {
      queryClient.clear();
      window.location.assign('/portal');
    }
  };
}
