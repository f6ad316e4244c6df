/**
 * The client portal's reads (docs/product.md#portal): the signed-in client's profile (fresh 5
 * minutes; a 401 means signed out, shown as the sign-in screen), their projects (fresh 2
 * minutes, each with its count of unread team messages) and one project's detail (fresh 1
 * minute; a 404 when it is missing or not theirs). Types come from the API through the client.
 * A project's files and the client's approvals (docs/product.md#files, docs/product.md#approvals)
 * are fresh 1 and 2 minutes. Live updates (docs/product.md#live-updates) mark the list, a
 * project's detail and files, and the approvals stale when an event names that project; while the stream is down, both poll at their freshness times.
 * The client's team (docs/product.md#client-teams) is fresh 2 minutes. The client's proposals
 * (docs/product.md#proposals) are fresh 2 minutes as a list and 1 minute each; a proposal's page
 * asks the server for the totals of the optional items ticked, and keeps showing the last answer
 * while the next one comes. A `proposal-updated` event makes every proposal query stale. The
 * invoices and the plan (docs/product.md#invoices, invoice-queries.ts) are keyed here too, so an
 * `invoice-updated` event and a reconnection make every invoice query stale.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';
import { useFallbackInterval, type LiveRefresh } from '../lib/live.ts';
import { FRESH_DETAIL_MS, FRESH_LIST_MS, FRESH_PROFILE_MS, nullWhenSignedOut } from '../lib/query.ts';

export const portalKeys = {
  me: ['portal', 'me'],
  projects: ['portal', 'projects'],
  project: (projectId: string) => ['portal', 'project', projectId],
  files: (projectId: string) => ['portal', 'files', projectId],
  approvals: ['portal', 'approvals'],
  exports: ['portal', 'exports'],
  team: ['portal', 'team'],
  /** The list, and the prefix of every proposal query (what a live event makes stale). */
  proposals: ['portal', 'proposals'],
  /** Proposal `id` with the totals for the optional items at `chosen`. */
  proposal: (id: string, chosen: readonly number[]) => ['portal', 'proposals', id, chosen.join(',')],
  /** The list with the balance and the plan, and the prefix of every invoice query. */
  invoices: ['portal', 'invoices'],
  /** Invoice `id` with its payments. */
  invoice: (id: string) => ['portal', 'invoices', id],
} as const;

const fetchMe = () => unwrap(api.client.me.$get());
const fetchProjects = () => unwrap(api.client.projects.$get());
const fetchProject = (projectId: string) => unwrap(api.client.projects[':projectId'].$get({ param: { projectId } }));
const fetchFiles = (projectId: string) =>
  unwrap(api.client.projects[':projectId'].files.$get({ param: { projectId } }));
const fetchApprovals = () => unwrap(api.client.approvals.$get());
const fetchTeam = () => unwrap(api.client.team.$get());
const fetchProposals = () => unwrap(api.client.proposals.$get());
const fetchProposal = (id: string, chosen: readonly number[]) =>
  unwrap(
    api.client.proposals[':id'].$get({
      param: { id },
      query: chosen.length > 0 ? { optionalItems: chosen.join(',') } : {},
    }),
  );

/** The signed-in client, without the password hash. */
export type PortalClient = Awaited<ReturnType<typeof fetchMe>>;
/** A project as the list shows it, with `unreadCount`. */
export type PortalProject = Awaited<ReturnType<typeof fetchProjects>>[number];
/** One project with its milestones and its conversation. */
type ProjectDetail = Awaited<ReturnType<typeof fetchProject>>;
export type PortalMilestone = ProjectDetail['milestones'][number];
export type PortalCommunication = ProjectDetail['communications'][number];
/** An approval asked of the client, with its project's title and what it is about. */
export type PortalApproval = Awaited<ReturnType<typeof fetchApprovals>>[number];
/** A person of the client's team: `{id, name, email, role, status: 'active' | 'invited'}`. */
export type TeamMember = Awaited<ReturnType<typeof fetchTeam>>['members'][number];

/** A proposal as the portal's home lists it: title, status, totals without optional items, agreement. */
export type PortalProposalSummary = Awaited<ReturnType<typeof fetchProposals>>['items'][number];
/** One proposal as sent, its status, `documentHash`, the totals for the items chosen and its agreement once signed. */
export type PortalProposal = Awaited<ReturnType<typeof fetchProposal>>;

/** The profile: the signed-in client, or null when signed out (a 401). */
const meQuery = queryOptions({
  queryKey: portalKeys.me,
  queryFn: () => nullWhenSignedOut(fetchMe),
  staleTime: FRESH_PROFILE_MS,
});

/** The client's projects, newest first, each with `unreadCount`. */
const projectsQuery = queryOptions({
  queryKey: portalKeys.projects,
  queryFn: fetchProjects,
  staleTime: FRESH_LIST_MS,
});

/** Project `projectId` with its milestones and conversation; 404 when it is missing or not theirs. */
const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: portalKeys.project(projectId),
    queryFn: () => fetchProject(projectId),
    staleTime: FRESH_DETAIL_MS,
  });

/** Project `projectId`'s files and the client's storage used and allowed (docs/product.md#files). */
export const useProjectFiles = (projectId: string) =>
  useQuery({
    queryKey: portalKeys.files(projectId),
    queryFn: () => fetchFiles(projectId),
    staleTime: FRESH_DETAIL_MS,
    refetchInterval: useFallbackInterval(FRESH_DETAIL_MS),
  });

/** The client's approvals over all projects, pending first (docs/product.md#approvals). */
export const useApprovals = () =>
  useQuery({
    queryKey: portalKeys.approvals,
    queryFn: fetchApprovals,
    staleTime: FRESH_LIST_MS,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
  });

/**
 * The client's team, oldest first (docs/product.md#client-teams): every role may read it; it is
 * fresh 2 minutes and refreshed by each change made from the Team page (mutations.ts).
 */
export const useTeam = () =>
  useQuery({ queryKey: portalKeys.team, queryFn: fetchTeam, staleTime: FRESH_LIST_MS, select: (team) => team.members });

/** The client's proposals, newest first (every role reads them); polled only while the live stream is down. */
export const useProposals = () =>
  useQuery({
    queryKey: portalKeys.proposals,
    queryFn: fetchProposals,
    staleTime: FRESH_LIST_MS,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
    select: (answer) => answer.items,
  });

/**
 * Proposal `id` with the server's totals for the optional items at `chosen` (positions, ascending);
 * 404 for one that is missing or not the client's. While the totals of a new choice are on their
 * way, the last answer stays on screen (`isPlaceholderData`).
 */
export const useProposal = (id: string, chosen: readonly number[]) =>
  useQuery({
    queryKey: portalKeys.proposal(id, chosen),
    queryFn: () => fetchProposal(id, chosen),
    staleTime: FRESH_DETAIL_MS,
    placeholderData: keepPreviousData,
    refetchInterval: useFallbackInterval(FRESH_DETAIL_MS),
  });

/** The client's projects; they poll every 2 minutes only while the live stream is down. */
export const useProjects = () => useQuery({ ...projectsQuery, refetchInterval: useFallbackInterval(FRESH_LIST_MS) });

/** One project's detail; it polls every minute only while the live stream is down. */
export const useProject = (projectId: string) =>
  useQuery({ ...projectQuery(projectId), refetchInterval: useFallbackInterval(FRESH_DETAIL_MS) });

/**
 * The portal's live updates: an event about a project (a message, a read, a change) makes the
 * project list (its unread badges) and that project's detail stale; a proposal's change (sent,
 * viewed, signed or declined from another browser, withdrawn by the team) makes the proposal list
 * and every proposal page stale; an invoice's or the plan's change (issued, paid, voided, a
 * failed card, a cancellation) makes the invoice list and every invoice page stale; after a
 * reconnection every project's, proposal's and invoice's data is.
 */
export const portalLive: LiveRefresh = {
  onEvent: (queryClient, { projectId }) => {
    void queryClient.invalidateQueries({ queryKey: portalKeys.projects });
    void queryClient.invalidateQueries({ queryKey: portalKeys.project(projectId) });
    void queryClient.invalidateQueries({ queryKey: portalKeys.files(projectId) });
    void queryClient.invalidateQueries({ queryKey: portalKeys.approvals });
  },
  onProposal: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: portalKeys.proposals });
  },
  onInvoice: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: portalKeys.invoices });
  },
  onReconnect: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: portalKeys.projects });
    void queryClient.invalidateQueries({ queryKey: ['portal', 'project'] });
    void queryClient.invalidateQueries({ queryKey: ['portal', 'files'] });
    void queryClient.invalidateQueries({ queryKey: portalKeys.approvals });
    void queryClient.invalidateQueries({ queryKey: portalKeys.proposals });
    void queryClient.invalidateQueries({ queryKey: portalKeys.invoices });
  },
  profileKey: portalKeys.me,
};

/**
 * Whether the sign-in screen offers 'Create one' (CLIENT_SELF_REGISTRATION, asked of the server
 * because the page is prebuilt): undefined while asking, and false when the answer fails.
 */
export function useRegistrationOpen(): boolean | undefined {
  const open = useQuery({
    queryKey: ['portal', 'registration'],
    queryFn: () => unwrap(api.client.registration.$get()),
    staleTime: Infinity,
    retry: false,
  });
  return open.isError ? false : open.data?.open;
}

/** The signed-in client or null, and whether the check is still running. */
export function useClientSession() {
  const me = useQuery(meQuery);
  return { user: me.data ?? null, isLoading: me.isPending };
}
