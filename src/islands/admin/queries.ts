/**
 * The dashboard's reads (docs/product.md#dashboard): the staff profile (fresh 5 minutes; a 401
 * means signed out, shown as the sign-in screen), the lists of clients, projects,
 * communications, leads, proposals, invoices and recent activity (fresh 2 minutes each), one project's
 * milestones, one proposal and the proposal templates, and whether Google sign-in is configured
 * (one invoice, the finance summary and a client's balance: invoice-queries.ts).
 * Types come from the API through the client.
 * Live updates (docs/product.md#live-updates) mark the lists an event changed stale; while the
 * stream is down, the lists poll at their freshness time.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { ListName } from '../../shared/schemas/lists.ts';
import { api, unwrap } from '../lib/api.ts';
import { useFallbackInterval, type LiveRefresh, type LiveMessage } from '../lib/live.ts';
import { FRESH_LIST_MS, FRESH_PROFILE_MS, nullWhenSignedOut } from '../lib/query.ts';
import { TYPING_CLEARS_AFTER_MS } from '../../shared/chat.ts';
import { workKeys } from './work-queries.ts';
import { invoiceKeys, refreshInvoices, type AdminInvoiceDetail } from './invoice-queries.ts';
import { bookingKeys, refreshBookings } from './bookings-queries.ts';
import { alertUrgentLead } from './urgent-lead-alerts.tsx';

export const adminKeys = {
  me: ['admin', 'me'],
  authConfig: ['admin', 'auth-config'],
  clients: ['admin', 'clients'],
  clientMembers: (clientId: string) => ['admin', 'clients', clientId, 'members'],
  projects: ['admin', 'projects'],
  communications: ['admin', 'communications'],
  leads: ['admin', 'leads'],
  subscribers: ['admin', 'subscribers'],
  proposals: ['admin', 'proposals'],
  proposal: (id: string) => ['admin', 'proposals', 'one', id],
  proposalTemplates: ['admin', 'proposal-templates'],
  events: ['admin', 'events'],
  milestones: (projectId: string) => ['admin', 'milestones', projectId],
  undeliveredEmails: ['admin', 'undelivered-emails'],
  heldEmails: ['admin', 'held-emails'],
  notificationRoutes: ['admin', 'notification-routes'],
  summary: ['admin', 'summary'],
  leadNotes: (leadId: string) => ['admin', 'lead-notes', leadId],
  chats: ['admin', 'chats'],
  chatCounts: ['admin', 'chat-counts'],
} as const;

const fetchMe = () => unwrap(api.admin.me.$get());
/** A list's query string, as the address holds it (docs/product.md#lists). */
export type ListParams = Record<string, string>;
const fetchClients = (query: ListParams) => unwrap(api.admin.clients.$get({ query }));
const fetchProjects = (query: ListParams) => unwrap(api.admin.projects.$get({ query }));
const fetchCommunications = (query: ListParams) => unwrap(api.admin.communications.$get({ query }));
const fetchLeads = (query: ListParams) => unwrap(api.admin['contact-submissions'].$get({ query }));
const fetchSubscribers = (query: ListParams) => unwrap(api.admin['newsletter-subscribers'].$get({ query }));
const fetchLead = (id: string) => unwrap(api.admin['contact-submissions'][':id'].$get({ param: { id } }));
const fetchEvents = (clientId?: string) => unwrap(api.admin.events.$get({ query: clientId ? { clientId } : {} }));
const fetchClient = (id: string) => unwrap(api.admin.clients[':id'].$get({ param: { id } }));
const fetchProject = (id: string) => unwrap(api.admin.projects[':id'].$get({ param: { id } }));
const fetchLeadNotes = (id: string) => unwrap(api.admin['contact-submissions'][':id'].notes.$get({ param: { id } }));
const fetchSummary = () => unwrap(api.admin.summary.$get());
const fetchUndeliveredEmails = () => unwrap(api.admin['undelivered-emails'].$get());
const fetchHeldEmails = () => unwrap(api.admin['held-emails'].$get()).then((answer) => answer.items);
const fetchNotificationRoutes = () => unwrap(api.admin['notification-routes'].$get());
const fetchMilestones = (id: string) => unwrap(api.admin.projects[':id'].milestones.$get({ param: { id } }));
const fetchChats = (query: ListParams) => unwrap(api.admin.chats.$get({ query }));
const fetchChat = (id: string) => unwrap(api.admin.chats[':id'].$get({ param: { id } }));
const fetchChatCounts = () => unwrap(api.admin.chats.counts.$get());
const fetchClientMembers = (id: string) => unwrap(api.admin.clients[':id'].members.$get({ param: { id } }));
const fetchProposals = (query: ListParams) => unwrap(api.admin.proposals.$get({ query }));
const fetchProposal = (id: string) => unwrap(api.admin.proposals[':id'].$get({ param: { id } }));
const fetchProposalTemplates = () => unwrap(api.admin['proposal-templates'].$get());
// The same address answers a CSV with `format`, so the client does not type its JSON: it is the
// page's invoice less what only the page loads (InvoicePage).
const fetchInvoices = (query: ListParams) =>
  unwrap(api.admin.invoices.$get({ query })) as unknown as Promise<InvoicePage>;

/** The signed-in staff member. */
export type AdminUser = Awaited<ReturnType<typeof fetchMe>>;
/** A client with its project count (what a delete takes with it). */
export type AdminClient = Awaited<ReturnType<typeof fetchClients>>['items'][number];
/** A project with its client's name and company and its milestone and message counts. */
export type AdminProject = Awaited<ReturnType<typeof fetchProjects>>['items'][number];
/** A message on a project, with the project's title. */
export type AdminCommunication = Awaited<ReturnType<typeof fetchCommunications>>['items'][number];
/** A lead: a contact, audit or emergency submission from the website. */
export type AdminLead = Awaited<ReturnType<typeof fetchLeads>>['items'][number];
/** A newsletter subscriber: the address and when it signed up. */
type AdminSubscriber = Extract<Awaited<ReturnType<typeof fetchSubscribers>>, { items: unknown }>['items'][number];
/** An admin event ('Recent activity'): who created, updated or deleted what, and when. */
export type AdminEvent = Awaited<ReturnType<typeof fetchEvents>>[number];
export type AdminMilestone = Awaited<ReturnType<typeof fetchMilestones>>[number];
/** A live chat as the Chats list shows it (docs/product.md#live-chat). */
export type AdminChat = Awaited<ReturnType<typeof fetchChats>>['items'][number];
/** A live chat with its messages. */
export type AdminChatDetail = Awaited<ReturnType<typeof fetchChat>>;
/** A person of a client's team, `{id, name, email, role, status}` (docs/product.md#client-teams). */
export type AdminClientMember = Awaited<ReturnType<typeof fetchClientMembers>>['members'][number];
/** A proposal as the list shows it, with its recipient, totals and agreement (docs/product.md#proposals). */
export type AdminProposal = Awaited<ReturnType<typeof fetchProposals>>['items'][number];
/** One proposal as its page and the editor load it: the list's fields and its series' `versions`. */
export type AdminProposalDetail = Awaited<ReturnType<typeof fetchProposal>>;
/** A proposal template: the two of the pricing page (`builtIn`) and those staff saved. */
export type AdminProposalTemplate = Awaited<ReturnType<typeof fetchProposalTemplates>>['items'][number];
/** An invoice or credit note as the list shows it, with its client (docs/product.md#invoices). */
export type AdminInvoice = Omit<
  AdminInvoiceDetail,
  'payments' | 'creditNote' | 'creditsInvoice' | 'client' | 'stripeEnabled' | 'paymentInstructions'
> & { client: Pick<NonNullable<AdminInvoiceDetail['client']>, 'id' | 'name' | 'business'> | null };
type InvoicePage = { items: AdminInvoice[]; nextCursor: string | null; total: number };
/** A notification email that failed after every try (docs/product.md#notifications). */
export type UndeliveredEmail = Awaited<ReturnType<typeof fetchUndeliveredEmails>>[number];
/** An email reply held for staff: another sender, or one that failed DMARC (docs/product.md#email-replies). */
export type HeldEmail = Awaited<ReturnType<typeof fetchHeldEmails>>[number];

const list = <T>(queryKey: readonly string[], queryFn: () => Promise<T>) =>
  queryOptions({ queryKey, queryFn, staleTime: FRESH_LIST_MS });

export const adminQueries = {
  me: queryOptions({ queryKey: adminKeys.me, queryFn: () => nullWhenSignedOut(fetchMe), staleTime: FRESH_PROFILE_MS }),
  authConfig: queryOptions({ queryKey: adminKeys.authConfig, queryFn: () => unwrap(api.admin.auth.config.$get()) }),
  events: list(adminKeys.events, () => fetchEvents()),
  clientEvents: (clientId: string) => list([...adminKeys.events, clientId], () => fetchEvents(clientId)),
  lead: (id: string) => list([...adminKeys.leads, id], () => fetchLead(id)),
  milestones: (projectId: string) => list(adminKeys.milestones(projectId), () => fetchMilestones(projectId)),
  undeliveredEmails: list(adminKeys.undeliveredEmails, fetchUndeliveredEmails),
  heldEmails: list(adminKeys.heldEmails, fetchHeldEmails),
  notificationRoutes: list(adminKeys.notificationRoutes, fetchNotificationRoutes),
  summary: list(adminKeys.summary, fetchSummary),
  // Under the list's key, so whatever refreshes the list refreshes the record too.
  leadNotes: (leadId: string) => list(adminKeys.leadNotes(leadId), () => fetchLeadNotes(leadId)),
  client: (id: string) => list([...adminKeys.clients, id], () => fetchClient(id)),
  // Under the client's key, so whatever refreshes the client refreshes its people too.
  clientMembers: (id: string) => list(adminKeys.clientMembers(id), () => fetchClientMembers(id)),
  project: (id: string) => list([...adminKeys.projects, id], () => fetchProject(id)),
  chats: (query: ListParams) => list([...adminKeys.chats, 'list', JSON.stringify(query)], () => fetchChats(query)),
  chat: (id: string) => list([...adminKeys.chats, id], () => fetchChat(id)),
  chatCounts: list(adminKeys.chatCounts, fetchChatCounts),
  // Under the proposals' key, so a live `proposal-updated` refreshes the page and the editor too.
  proposal: (id: string) => list(adminKeys.proposal(id), () => fetchProposal(id)),
  proposalTemplates: list(adminKeys.proposalTemplates, fetchProposalTemplates),
};

/** The signed-in staff member or null, and whether the check is still running. */
export function useAdminSession() {
  const me = useQuery(adminQueries.me);
  return { user: me.data ?? null, isLoading: me.isPending };
}

/**
 * The dashboard's lists, each fresh for 2 minutes and polled at that interval only while the
 * live stream is down; `useMilestones` is one project's plan.
 */
const useList = <T>(options: ReturnType<typeof list<T>>) =>
  useQuery({ ...options, refetchInterval: useFallbackInterval(FRESH_LIST_MS) });
export const useEvents = () => useList(adminQueries.events);
/** The admin events about one client (docs/product.md#client-page). */
export const useClientEvents = (clientId: string) => useList(adminQueries.clientEvents(clientId));
/** One lead, as its page shows it. */
export const useLead = (id: string) => useList(adminQueries.lead(id));
export const useMilestones = (projectId: string) => useList(adminQueries.milestones(projectId));
export const useUndeliveredEmails = () => useList(adminQueries.undeliveredEmails);
/** The email replies held for staff to post or discard, newest first. */
export const useHeldEmails = () => useList(adminQueries.heldEmails);
/** Where each kind of staff notification is emailed now (docs/product.md#notification-routes). */
export const useNotificationRoutes = () => useList(adminQueries.notificationRoutes);
/** One client or one project, as the edit forms load it. */
export const useClient = (id: string) => useList(adminQueries.client(id));
export const useProject = (id: string) => useList(adminQueries.project(id));
/** The people of client `id`, oldest first (docs/product.md#client-teams). */
export const useClientMembers = (id: string) => useList(adminQueries.clientMembers(id));
/** The notes on one lead, oldest first. */
export const useLeadNotes = (leadId: string) => useList(adminQueries.leadNotes(leadId));
/** The counters, counted by the server. */
export const useSummary = () => useList(adminQueries.summary);
/** Live chats of one status (or all), the most recent first. */
export const useChats = (query: ListParams) => useList(adminQueries.chats(query));
/** One live chat with its messages. */
export const useChat = (id: string) => useList(adminQueries.chat(id));
/** How many chats wait for a first answer, and the visitors' unread messages. */
export const useChatCounts = () => useList(adminQueries.chatCounts);
/** One proposal with its versions (docs/product.md#proposals); follows live updates. */
export const useProposal = (id: string) => useList(adminQueries.proposal(id));
/** The proposal templates, the pricing page's first. */
export const useProposalTemplates = () => useList(adminQueries.proposalTemplates);

/** Which conversations a visitor is typing in now: conversation id → when it stops showing (ms). */
const typing = new Map<string, number>();
const typingListeners = new Set<() => void>();
/** Shows that the visitor of `conversationId` is typing, for TYPING_CLEARS_AFTER_MS. */
function visitorTyping(conversationId: string) {
  typing.set(conversationId, Date.now() + TYPING_CLEARS_AFTER_MS);
  for (const listener of typingListeners) listener();
  setTimeout(() => {
    for (const listener of typingListeners) listener();
  }, TYPING_CLEARS_AFTER_MS + 50);
}
/** Whether the visitor of `conversationId` is typing now; re-renders when that changes. */
export function useVisitorTyping(conversationId: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      typingListeners.add(onChange);
      return () => typingListeners.delete(onChange);
    },
    () => (typing.get(conversationId) ?? 0) > Date.now(),
  );
}
/** The visitor's message ended their typing. */
function visitorStoppedTyping(conversationId: string) {
  typing.delete(conversationId);
  for (const listener of typingListeners) listener();
}

/** What each live event changes on the dashboard (the counters follow their lists). */
const STALE_AFTER: Record<LiveMessage['type'], (projectId: string) => QueryKey[]> = {
  // A new message: the messages list and the unread counter, a project's message count, and a
  // team reply's activity line.
  message: (projectId) => [
    adminKeys.communications,
    adminKeys.projects,
    adminKeys.events,
    adminKeys.summary,
    workKeys.files(projectId),
  ],
  'message-read': () => [adminKeys.communications, adminKeys.events, adminKeys.summary],
  // A project, its milestones, files or approvals: the project list, the clients' project counts,
  // the project titles on messages, the milestones dialog, the project's page and the activity log.
  'project-updated': (projectId) => [
    adminKeys.summary,
    adminKeys.projects,
    adminKeys.clients,
    adminKeys.communications,
    adminKeys.events,
    adminKeys.milestones(projectId),
    workKeys.files(projectId),
    workKeys.approvals(projectId),
    workKeys.timeEntries(projectId),
  ],
};

/** The dashboard's live updates; after a reconnection, every list is stale (leads are not live). */
export const adminLive: LiveRefresh = {
  onLeadAlert: (queryClient, { leadId, name, source }) => {
    alertUrgentLead({ leadId, name, source });
    void queryClient.invalidateQueries({ queryKey: adminKeys.leads });
    void queryClient.invalidateQueries({ queryKey: adminKeys.summary });
  },
  onChatEvent: (queryClient, event) => {
    if (event.type === 'chat-typing') {
      if (event.author === 'visitor') visitorTyping(event.conversationId);
      return;
    }
    if (event.type === 'chat-message' && event.message.author === 'visitor') {
      visitorStoppedTyping(event.conversationId);
    }
    void queryClient.invalidateQueries({ queryKey: adminKeys.chats });
    void queryClient.invalidateQueries({ queryKey: adminKeys.chatCounts });
    // A chat made a lead: the lead board.
    if (event.type === 'chat-updated' || event.type === 'chat-message')
      void queryClient.invalidateQueries({ queryKey: adminKeys.leads });
  },
  onEvent: (queryClient, { type, projectId }) => {
    for (const queryKey of STALE_AFTER[type](projectId)) void queryClient.invalidateQueries({ queryKey });
  },
  // A proposal changed: the proposals list (and a proposal open in the editor or on a page), the
  // lead board and lead pages that show its status, the activity log.
  onProposal: (queryClient) => {
    for (const queryKey of [adminKeys.proposals, adminKeys.leads, adminKeys.events, adminKeys.summary]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  },
  // An invoice was drafted, issued, paid or voided: every invoice query (the list, a page, the
  // editor, the client's balance, the finance summary) and the activity log.
  onInvoice: (queryClient) => {
    void refreshInvoices(queryClient);
    void queryClient.invalidateQueries({ queryKey: adminKeys.events });
  },
  // A call was booked, moved or cancelled, by anyone: every week of the Bookings tab.
  onBooking: (queryClient) => {
    void refreshBookings(queryClient);
  },
  onReconnect: (queryClient) => {
    for (const queryKey of [
      adminKeys.clients,
      adminKeys.projects,
      adminKeys.communications,
      adminKeys.events,
      adminKeys.summary,
      adminKeys.chats,
      adminKeys.chatCounts,
      adminKeys.proposals,
      invoiceKeys.all,
      bookingKeys.weeks,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    void queryClient.invalidateQueries({ queryKey: ['admin', 'milestones'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'files'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'time-entries'] });
  },
  profileKey: adminKeys.me,
};

const LIST_KEYS = {
  clients: adminKeys.clients,
  projects: adminKeys.projects,
  communications: adminKeys.communications,
  leads: adminKeys.leads,
  subscribers: adminKeys.subscribers,
  proposals: adminKeys.proposals,
  invoices: invoiceKeys.all,
} as const;

function pagesOf<T extends { nextCursor: string | null }>(
  list: ListName,
  params: ListParams,
  fetchPage: (query: ListParams) => Promise<T>,
) {
  return infiniteQueryOptions({
    // Under the list's key, so whatever makes the list stale makes every search of it stale.
    queryKey: [...LIST_KEYS[list], 'pages', params],
    queryFn: ({ pageParam }) => fetchPage(pageParam ? { ...params, cursor: pageParam } : params),
    initialPageParam: '',
    getNextPageParam: (last: T) => last.nextCursor ?? undefined,
    staleTime: FRESH_LIST_MS,
  });
}

/**
 * A list's pages for `params` (search, filters, sort, limit; docs/product.md#lists), loaded one
 * "Load more" at a time; fresh 2 minutes, polled only while the live stream is down.
 */
const usePages = <T extends { nextCursor: string | null }>(options: ReturnType<typeof pagesOf<T>>) =>
  useInfiniteQuery({ ...options, refetchInterval: useFallbackInterval(FRESH_LIST_MS) });
export const useClientPages = (params: ListParams) => usePages(pagesOf('clients', params, fetchClients));
export const useProjectPages = (params: ListParams) => usePages(pagesOf('projects', params, fetchProjects));
export const useCommunicationPages = (params: ListParams) =>
  usePages(pagesOf('communications', params, fetchCommunications));
export const useLeadPages = (params: ListParams) => usePages(pagesOf('leads', params, fetchLeads));
/** The proposals (docs/product.md#proposals), or a client's or lead's with `clientId` / `leadId`. */
export const useProposalPages = (params: ListParams) => usePages(pagesOf('proposals', params, fetchProposals));
/** The invoices and credit notes (docs/product.md#invoices), or a client's with `clientId`. */
export const useInvoicePages = (params: ListParams) => usePages(pagesOf('invoices', params, fetchInvoices));
/** The newsletter's subscribers (docs/product.md#newsletter). */
export const useSubscriberPages = (params: ListParams) =>
  usePages(pagesOf('subscribers', params, fetchSubscribers as (query: ListParams) => Promise<SubscriberPage>));
type SubscriberPage = { items: AdminSubscriber[]; nextCursor: string | null; total: number };
