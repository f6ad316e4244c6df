/**
 * The dashboard's writes (docs/product.md#dashboard). Each one refreshes the lists it changes
 * and, since the server records every change as an admin event, the 'Recent activity' list too;
 * the refresh is done before the write counts as finished, so what follows (a toast, leaving a
 * form) shows the new data.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LeadStatus } from '../../shared/projects.ts';
import type { TeamInvitationValues } from '../../shared/schemas/team.ts';
import type { ClientRole } from '../../shared/team.ts';
import type { ProposalBody, ProposalTemplateValues } from '../../shared/schemas/proposals.ts';
import type {
  AdminClientValues,
  AdminProjectBody,
  ConvertLeadValues,
  LeadNoteValues,
  MilestoneValues,
} from '../../shared/schemas/admin.ts';
import { api, unwrap } from '../lib/api.ts';
import { workKeys } from './work-queries.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { adminKeys, type AdminMilestone, type AdminUser } from './queries.ts';

/** A write that refreshes `refreshes`, the admin events and the counters once it succeeded. */
export function useAdminWrite<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refreshes: QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [...refreshes, adminKeys.events, adminKeys.summary].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** Signs out on the server; whatever it answers, clears every cached query and goes to /admin. */
export const useAdminLogout = () => useSignOut(() => unwrap(api.admin.logout.$post()), '/admin');

/**
 * Turns the signed-in staff member's own notification emails on or off
 * (docs/product.md#settings-screen); the staff profile keeps the saved setting. Not an admin
 * event: it changes nobody's records.
 */
export function useSetStaffEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailNotifications: boolean) =>
      unwrap(api.admin.me.notifications.$put({ json: { emailNotifications } })),
    onSuccess: ({ emailNotifications }) => {
      queryClient.setQueryData<AdminUser | null>(adminKeys.me, (user) =>
        user ? { ...user, emailNotifications } : user,
      );
      // Who the team's emails go to depends on it.
      void queryClient.invalidateQueries({ queryKey: adminKeys.notificationRoutes });
    },
  });
}

/** Exchanges a one-time sign-in link's token for a staff session (the cookie). */
export function useLinkSignIn() {
  return useMutation({ mutationFn: (token: string) => unwrap(api.admin.auth.link.$post({ json: { token } })) });
}

/** The second step of a staff sign-in: the challenge and a code or a recovery code. */
export function useStaffSecondFactor() {
  return useMutation({
    mutationFn: (values: { challenge: string; code?: string; recoveryCode?: string }) =>
      unwrap(api.admin.login['second-factor'].$post({ json: values })),
  });
}

/** 'Email me a sign-in link' for staff: the same answer whether or not the address is staff. */
export function useStaffEmailLink() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.admin.auth['email-link'].$post({ json: { email } })),
  });
}

/** Creates a client (`id` null) or updates client `id`. */
export function useSaveClient(id: string | null) {
  return useAdminWrite(
    (values: AdminClientValues) =>
      id === null
        ? unwrap(api.admin.clients.$post({ json: values }))
        : unwrap(api.admin.clients[':id'].$put({ param: { id }, json: values })),
    [adminKeys.clients, adminKeys.projects],
  );
}

/** Deletes client `id` with its projects, milestones and messages. */
export function useDeleteClient(id: string) {
  return useAdminWrite(
    () => unwrap(api.admin.clients[':id'].$delete({ param: { id } })),
    [adminKeys.clients, adminKeys.projects, adminKeys.communications],
  );
}

/**
 * Invites a person to client `clientId`'s team by name, email and role (docs/product.md#client-teams):
 * they are listed as invited and get a 7-day link by email. Fails with 409 `email_taken` (on the
 * `email` field) when the address is already any client's member's, 422 with field messages.
 */
export function useInviteMember(clientId: string) {
  return useAdminWrite(
    (values: TeamInvitationValues) =>
      unwrap(api.admin.clients[':id'].members.$post({ param: { id: clientId }, json: values })),
    [adminKeys.clientMembers(clientId)],
  );
}

/**
 * Gives member `memberId` of client `clientId` another role (docs/product.md#client-teams); the
 * client is refreshed too, its email being its primary owner's. 409 `last_owner` when it would
 * leave the client without an owner.
 */
export function useChangeMemberRole(clientId: string, memberId: string) {
  return useAdminWrite(
    (json: { role: ClientRole }) =>
      unwrap(api.admin.clients[':id'].members[':memberId'].$patch({ param: { id: clientId, memberId }, json })),
    [adminKeys.clients],
  );
}

/**
 * Removes member `memberId` from client `clientId`'s team; their sessions end
 * (docs/product.md#client-teams). 409 `last_owner` for the client's last owner.
 */
export function useRemoveMember(clientId: string, memberId: string) {
  return useAdminWrite(
    () => unwrap(api.admin.clients[':id'].members[':memberId'].$delete({ param: { id: clientId, memberId } })),
    [adminKeys.clients],
  );
}

/**
 * Erases one person of client `clientId`'s team (docs/product.md#client-teams, 'Privacy per
 * person'): their words, files and ways in go, the business's records stay. Refreshes the lists
 * that show their messages and files. 409 `last_owner` for the only owner (erase the client instead).
 */
export function useEraseMember(clientId: string, memberId: string) {
  return useAdminWrite(
    () => unwrap(api.admin.clients[':id'].members[':memberId'].erase.$post({ param: { id: clientId, memberId } })),
    [adminKeys.clients, adminKeys.projects, adminKeys.communications, ['admin', 'files'], ['admin', 'approvals']],
  );
}

/** Creates a project (`id` null) or updates project `id`; the budget travels in cents. */
export function useSaveProject(id: string | null) {
  return useAdminWrite(
    (values: AdminProjectBody) =>
      id === null
        ? unwrap(api.admin.projects.$post({ json: values }))
        : unwrap(api.admin.projects[':id'].$put({ param: { id }, json: values })),
    [adminKeys.projects, adminKeys.clients],
  );
}

/** Deletes project `id` with its milestones and messages. */
export function useDeleteProject(id: string) {
  return useAdminWrite(
    () => unwrap(api.admin.projects[':id'].$delete({ param: { id } })),
    [adminKeys.projects, adminKeys.communications, adminKeys.clients],
  );
}

/**
 * A message from the team on project `projectId`. With `inReplyTo` (the client's message being
 * answered) the server marks that message read in the same request.
 */
export function useTeamReply(projectId: string, inReplyTo?: string) {
  return useAdminWrite(
    (values: { subject: string; message: string; attachments?: string[] }) =>
      unwrap(
        api.admin.projects[':id'].communications.$post({
          param: { id: projectId },
          json: inReplyTo ? { ...values, inReplyTo } : values,
        }),
      ),
    [adminKeys.communications, adminKeys.projects, workKeys.files(projectId)],
  );
}

/** Marks client message `id` read (true) or unread (false). */
export function useSetMessageRead(id: string) {
  return useAdminWrite(
    (isRead: boolean) => unwrap(api.admin.communications[':id'].$patch({ param: { id }, json: { isRead } })),
    [adminKeys.communications],
  );
}

/** Sets the status of lead `id`. */
export function useSetLeadStatus(id: string) {
  return useAdminWrite(
    (status: LeadStatus) => unwrap(api.admin['contact-submissions'][':id'].$patch({ param: { id }, json: { status } })),
    [adminKeys.leads],
  );
}

/** Sets the status of every lead in `ids` at once (docs/product.md#leads); answers {updated}. */
export function useSetLeadsStatus() {
  return useAdminWrite(
    ({ ids, status }: { ids: string[]; status: LeadStatus }) =>
      unwrap(api.admin['contact-submissions']['bulk-status'].$post({ json: { ids, status } })),
    [adminKeys.leads],
  );
}

/** Adds a milestone at the end of project `projectId`'s plan. */
export function useAddMilestone(projectId: string) {
  return useAdminWrite(
    (values: MilestoneValues) =>
      unwrap(api.admin.projects[':id'].milestones.$post({ param: { id: projectId }, json: values })),
    [adminKeys.milestones(projectId), adminKeys.projects],
  );
}

/** Saves the fields of `milestone`. */
export function useUpdateMilestone(milestone: Pick<AdminMilestone, 'id' | 'projectId'>) {
  return useAdminWrite(
    (values: MilestoneValues) =>
      unwrap(api.admin.milestones[':id'].$put({ param: { id: milestone.id }, json: values })),
    [adminKeys.milestones(milestone.projectId)],
  );
}

/** Deletes `milestone`. */
export function useDeleteMilestone(milestone: Pick<AdminMilestone, 'id' | 'projectId'>) {
  return useAdminWrite(
    () => unwrap(api.admin.milestones[':id'].$delete({ param: { id: milestone.id } })),
    [adminKeys.milestones(milestone.projectId), adminKeys.projects],
  );
}

/**
 * Puts project `projectId`'s milestones in the order of `ids`. The list moves at once (the
 * cached milestones are reordered before the request); once it settles, the server's order
 * (or the old one, on failure) is fetched again, with the admin events.
 */
export function useReorderMilestones(projectId: string) {
  const queryClient = useQueryClient();
  const key = adminKeys.milestones(projectId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      unwrap(api.admin.projects[':id'].milestones.order.$put({ param: { id: projectId }, json: { ids } })),
    onMutate: (ids) => {
      const byId = new Map((queryClient.getQueryData<AdminMilestone[]>(key) ?? []).map((m) => [m.id, m]));
      queryClient.setQueryData(
        key,
        ids.map((id) => byId.get(id)).filter((m) => m !== undefined),
      );
    },
    onSettled: () =>
      Promise.all([key, adminKeys.events].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Queues undelivered email `id` again with a fresh set of tries. */
export function useRetryEmail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin['undelivered-emails'][':id'].retry.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.undeliveredEmails }),
  });
}

/**
 * Decides held email `id` (docs/product.md#email-replies): `release` posts it on its project as the
 * person it was written to, `discard` drops it. Either way the held list is fetched again, also
 * after a refusal (another staff member decided it first, or its conversation closed), so the
 * panel shows what is left; a release also refreshes the messages, the projects' message counts
 * and the files.
 */
export function useDecideHeldEmail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'release' | 'discard'): Promise<{ status: 'posted' | 'discarded' }> =>
      decision === 'release'
        ? unwrap(api.admin['held-emails'][':id'].release.$post({ param: { id } }))
        : unwrap(api.admin['held-emails'][':id'].discard.$post({ param: { id } })),
    onSuccess: (_answer, decision) =>
      Promise.all(
        [
          ...(decision === 'release' ? [adminKeys.communications, adminKeys.projects, ['admin', 'files']] : []),
          adminKeys.events,
          adminKeys.summary,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.heldEmails }),
  });
}

/** Adds a note to lead `leadId`. */
export function useAddLeadNote(leadId: string) {
  return useAdminWrite(
    (values: LeadNoteValues) =>
      unwrap(api.admin['contact-submissions'][':id'].notes.$post({ param: { id: leadId }, json: values })),
    [adminKeys.leadNotes(leadId)],
  );
}

/** Turns lead `leadId` into a client (and a first project), inviting them to choose a password. */
export function useConvertLead(leadId: string) {
  return useAdminWrite(
    (values: ConvertLeadValues) =>
      unwrap(api.admin['contact-submissions'][':id'].convert.$post({ param: { id: leadId }, json: values })),
    [adminKeys.leads, adminKeys.clients, adminKeys.projects],
  );
}

/** Refreshes the chats' lists and counts, and one conversation, after a chat write. */
function useChatWrite<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>) {
  return useAdminWrite(mutationFn, [adminKeys.chats, adminKeys.chatCounts, adminKeys.leads]);
}

/** A staff reply in a live chat (docs/product.md#live-chat). */
export const useChatReply = (id: string) =>
  useChatWrite((body: string) => unwrap(api.admin.chats[':id'].messages.$post({ param: { id }, json: { body } })));

/** Takes a chat, closes it or opens it again. */
export const useUpdateChat = (id: string) =>
  useChatWrite((change: { assignToMe?: true; status?: 'open' | 'closed'; confirmUnreachable?: true }) =>
    unwrap(api.admin.chats[':id'].$patch({ param: { id }, json: change })),
  );

/** 'Convert to lead': a new lead from the chat. */
export const useConvertChat = (id: string) =>
  useChatWrite(() => unwrap(api.admin.chats[':id'].convert.$post({ param: { id }, json: {} })));

/** Marks a chat read now (the visitor sees 'Seen'); refreshes the unread counts. */
export function useMarkChatRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await api.admin.chats[':id'].read.$post({ param: { id } });
      if (!response.ok) throw new Error(`Marking the chat read failed (${response.status})`);
    },
    onSuccess: () =>
      Promise.all(
        [adminKeys.chats, adminKeys.chatCounts].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** Links a chat to an existing lead or client. */
export const useLinkChat = (id: string) =>
  useChatWrite((target: { leadId: string } | { clientId: string }) =>
    unwrap(api.admin.chats[':id'].convert.$post({ param: { id }, json: target })),
  );

/**
 * Drafts a proposal (`id` null: POST, answers `{id, status}`) or changes draft `id` (PUT; 409
 * `proposal_sent` once sent) (docs/product.md#proposals). The body's money is in integer cents.
 */
export function useSaveProposal(id: string | null) {
  return useAdminWrite(
    (body: ProposalBody) =>
      id === null
        ? unwrap(api.admin.proposals.$post({ json: body }))
        : unwrap(api.admin.proposals[':id'].$put({ param: { id }, json: body })),
    [adminKeys.proposals, adminKeys.leads],
  );
}

/**
 * Deletes draft `id` (409 for a sent one: it is kept as a record). `leave` runs first, before
 * anything is refreshed, to take the screen off the draft: nothing then asks again for a proposal
 * that no longer exists (a 404 in the browser's console).
 */
export function useDeleteProposal(id: string, leave: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin.proposals[':id'].$delete({ param: { id } })),
    onSuccess: async () => {
      leave();
      // Let the screen change before the draft's own query goes.
      await new Promise((resolve) => setTimeout(resolve, 0));
      queryClient.removeQueries({ queryKey: adminKeys.proposal(id) });
      await Promise.all(
        [adminKeys.proposals, adminKeys.leads, adminKeys.events, adminKeys.summary].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/**
 * Sends proposal `id` (a draft) to whoever may sign it; answers the proposal as sent. A lead's
 * proposal makes the lead a client, so the clients and leads are refreshed too.
 */
export function useSendProposal() {
  return useAdminWrite(
    (id: string) => unwrap(api.admin.proposals[':id'].send.$post({ param: { id } })),
    [adminKeys.proposals, adminKeys.leads, adminKeys.clients],
  );
}

/** Withdraws sent proposal `id`: it can no longer be signed. */
export function useWithdrawProposal(id: string) {
  return useAdminWrite(
    () => unwrap(api.admin.proposals[':id'].withdraw.$post({ param: { id } })),
    [adminKeys.proposals, adminKeys.leads],
  );
}

/** The next version of sent proposal `id`, as a draft: answers `{id, status, version}`. */
export function useReviseProposal(id: string) {
  return useAdminWrite(
    () => unwrap(api.admin.proposals[':id'].revise.$post({ param: { id } })),
    [adminKeys.proposals, adminKeys.leads],
  );
}

/** A new draft with the content and recipient of proposal `id`: answers `{id, status, version}`. */
export function useDuplicateProposal(id: string) {
  return useAdminWrite(
    () => unwrap(api.admin.proposals[':id'].duplicate.$post({ param: { id } })),
    [adminKeys.proposals, adminKeys.leads],
  );
}

/** Saves a proposal's content as a template (409 `name_taken` on `name` for a name in use). */
export function useSaveProposalTemplate() {
  return useAdminWrite(
    (body: ProposalTemplateValues) => unwrap(api.admin['proposal-templates'].$post({ json: body })),
    [adminKeys.proposalTemplates],
  );
}
