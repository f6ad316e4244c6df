/**
 * The dashboard's server state through TanStack Query (SPEC.md 7, 9): the staff profile
 * (GET /api/admin/me, fresh 5 minutes, a 401 means signed out) and the lists, fresh 2 minutes.
 * Every change also refreshes the audit events, since each one writes an event.
 */
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';
import { FRESH_LIST_MS, FRESH_PROFILE_MS, getQueryFn } from '../lib/query.ts';
import type {
  AdminClient,
  AdminCommunication,
  AdminEvent,
  AdminLead,
  AdminMilestone,
  AdminProject,
  AdminUser,
} from './types.ts';

export const ADMIN_ME_KEY = ['/api/admin/me'];
export const CLIENTS_KEY = ['/api/admin/clients'];
export const PROJECTS_KEY = ['/api/admin/projects'];
export const COMMUNICATIONS_KEY = ['/api/admin/communications'];
export const LEADS_KEY = ['/api/admin/contact-submissions'];
export const EVENTS_KEY = ['/api/admin/events'];
export const milestonesKey = (projectId: string) => ['/api/admin/projects', projectId, 'milestones'];

/** The signed-in staff member, or null when signed out; `isLoading` while the check runs. */
export function useAdminAuth() {
  const me = useQuery<AdminUser | null>({
    queryKey: ADMIN_ME_KEY,
    queryFn: getQueryFn<AdminUser>({ on401: 'returnNull' }),
    staleTime: FRESH_PROFILE_MS,
  });
  return { user: me.data ?? null, isLoading: me.isPending, error: me.error };
}

/** Signs out on the server, clears every cached query and goes to /admin (SPEC.md 4). */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await apiRequest('POST', '/api/admin/logout');
    } finally {
      queryClient.clear();
      window.location.assign('/admin');
    }
  };
}

export function useClients() {
  return useQuery<AdminClient[]>({ queryKey: CLIENTS_KEY, staleTime: FRESH_LIST_MS });
}
export function useProjects() {
  return useQuery<AdminProject[]>({ queryKey: PROJECTS_KEY, staleTime: FRESH_LIST_MS });
}
export function useCommunications() {
  return useQuery<AdminCommunication[]>({ queryKey: COMMUNICATIONS_KEY, staleTime: FRESH_LIST_MS });
}
export function useLeads() {
  return useQuery<AdminLead[]>({ queryKey: LEADS_KEY, staleTime: FRESH_LIST_MS });
}
export function useEvents() {
  return useQuery<AdminEvent[]>({ queryKey: EVENTS_KEY, staleTime: FRESH_LIST_MS });
}

export function useMilestones(projectId: string) {
  return useQuery<AdminMilestone[]>({ queryKey: milestonesKey(projectId), staleTime: FRESH_LIST_MS });
}

/** Returns a function that refreshes the given lists and the audit events after a change. */
export function useRefresh() {
  const queryClient = useQueryClient();
  return (...keys: QueryKey[]) =>
    Promise.all([...keys, EVENTS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
