/**
 * The client portal's writes (docs/product.md#portal), each owning its cache update: signing in
 * or registering writes the answer's client into the profile query; signing out clears every
 * query and goes to /portal; a message refreshes the project's conversation; reading a
 * project's team messages refreshes the project list's unread counts. In settings
 * (docs/product.md#settings-screen), a saved profile and the email switch update the profile
 * query. The password requests touch no cached data. On the Team page (docs/product.md#client-teams),
 * an invitation, a role change and a removal each refresh the team list (and the profile, whose
 * role may be the one that changed). Signing or declining a proposal (docs/product.md#proposals)
 * refreshes every proposal query whatever the answer (a refusal may mean it was decided, changed
 * or withdrawn meanwhile), and a signature the project list too, since it starts a project.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordValues,
  LoginValues,
  ProfileFormValues,
  RegisterValues,
} from '../../shared/schemas/client.ts';
import type { AcceptProposalValues } from '../../shared/schemas/proposals.ts';
import type { TeamInvitationValues } from '../../shared/schemas/team.ts';
import type { ClientRole } from '../../shared/team.ts';
import { api, unwrap } from '../lib/api.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { portalKeys, type PortalClient } from './queries.ts';

/**
 * Sign-in; the answer's client becomes the profile (the returned token is not kept). With
 * two-step verification on, the answer is `{twoFactorRequired: true, challenge}` instead, for the
 * second step (`useSecondFactor`).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoginValues) => unwrap(api.client.login.$post({ json: values })),
    onSuccess: (answer) => {
      if (!answer.twoFactorRequired) queryClient.setQueryData(portalKeys.me, answer.client);
    },
  });
}

/** The second step of a sign-in: the challenge and a code or a recovery code; the client becomes the profile. */
export function useSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { challenge: string; code?: string; recoveryCode?: string }) =>
      unwrap(api.client.login['second-factor'].$post({ json: values })),
    onSuccess: (answer) => queryClient.setQueryData(portalKeys.me, answer.client),
  });
}

/** 'Email me a sign-in link': the server answers the same whether or not the address has an account. */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (values: { email: string }) => unwrap(api.client['sign-in-link'].$post({ json: values })),
  });
}

/** Redeems an emailed sign-in link: a session (the client becomes the profile) or the second step. */
export function useRedeemSignInLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(api.client['sign-in-link'].redeem.$post({ json: { token } })),
    onSuccess: (answer) => {
      if (!answer.twoFactorRequired) queryClient.setQueryData(portalKeys.me, answer.client);
    },
  });
}

/** Registration (the form's values without confirmPassword); the new client becomes the profile. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: RegisterValues) => unwrap(api.client.register.$post({ json: values })),
    onSuccess: (answer) => queryClient.setQueryData(portalKeys.me, answer.client),
  });
}

/** Signs out on the server; whatever it answers, clears every cached query and goes to /portal. */
export const useLogout = () => useSignOut(() => unwrap(api.client.logout.$post()), '/portal');

/** A message from the client to the team of `projectId`; the project's conversation is refreshed. */
export function useSendMessage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { subject: string; message: string; attachments?: string[] }) =>
      unwrap(api.client.projects[':projectId'].communications.$post({ param: { projectId }, json: values })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.files(projectId) });
      return queryClient.invalidateQueries({ queryKey: portalKeys.project(projectId) });
    },
  });
}

/** Deletes file `id` the client added to `projectId`; its files are refreshed. */
export function useDeleteOwnFile(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.client.files[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.files(projectId) }),
  });
}

/**
 * The client's answer to approval `approvalId` (docs/product.md#approvals): Approve, or Request
 * changes with a comment. The approvals are refreshed either way (a 409 means it was answered
 * meanwhile, and the list then shows how).
 */
export function useDecideApproval(approvalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { decision: 'approved' | 'changes-requested'; comment?: string }) =>
      unwrap(api.client.approvals[':approvalId'].decision.$post({ param: { approvalId }, json: values })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.approvals }),
  });
}

/** Marks the team's messages on `projectId` read; the project list's unread counts are refreshed. */
export function useMarkTeamMessagesRead(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.client.projects[':projectId'].communications.read.$post({ param: { projectId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.projects }),
  });
}

/** Saves the client's name, company and phone; the answer's client becomes the profile (the header's name too). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileFormValues) => unwrap(api.client.profile.$patch({ json: values })),
    onSuccess: (answer) => queryClient.setQueryData(portalKeys.me, answer.client),
  });
}

/** Turns the client's project emails on or off; the profile keeps the saved setting. */
export function useSetEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailNotifications: boolean) =>
      unwrap(api.client.notifications.$put({ json: { emailNotifications } })),
    onSuccess: ({ emailNotifications }) =>
      queryClient.setQueryData<PortalClient | null>(portalKeys.me, (client) =>
        client ? { ...client, emailNotifications } : client,
      ),
  });
}

/** Changes the password; the server signs out every other device of the client. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (values: ChangePasswordValues) => unwrap(api.client.password.$post({ json: values })),
  });
}

/** 'Forgot password?': asks for a reset link to `email` (the API answers the same either way). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (values: { email: string }) => unwrap(api.client['password-reset'].$post({ json: values })),
  });
}

/** Sets a new password with the token of an emailed link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (values: { token: string; password: string }) =>
      unwrap(api.client['password-reset'].confirm.$post({ json: values })),
  });
}

/** What a password link is (an invitation or a reset) and where it stands, without spending it. */
export function useDescribePasswordLink() {
  return useMutation({
    mutationFn: (token: string) => unwrap(api.client['password-link'].$post({ json: { token } })),
  });
}

/**
 * Accepts an invitation with a first password, or none (a passkey follows); the client, signed
 * in, becomes the profile. With two-step verification on, the answer asks for the second step.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { token: string; password?: string }) =>
      unwrap(api.client.invitation.accept.$post({ json: values })),
    onSuccess: (answer) => {
      if (!answer.twoFactorRequired) queryClient.setQueryData(portalKeys.me, answer.client);
    },
  });
}

/**
 * Accepts an invitation to a client's team (docs/product.md#client-teams) with the name the person
 * goes by and a first password, or none (a passkey follows); signed in, they become the profile.
 * With two-step verification on, the answer asks for the second step.
 */
export function useAcceptTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { token: string; name: string; password?: string }) =>
      unwrap(api.client.invitations.accept.$post({ json: values })),
    onSuccess: (answer) => {
      if (!answer.twoFactorRequired) queryClient.setQueryData(portalKeys.me, answer.client);
    },
  });
}

/** An owner invites `{name, email, role}` to the team (docs/product.md#client-teams); the team list is refreshed. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TeamInvitationValues) => unwrap(api.client.team.invitations.$post({ json: values })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.team }),
  });
}

/**
 * An owner gives member `memberId` another role (docs/product.md#client-teams). Whatever the
 * answer (a 409 `last_owner` included), the team list and the profile are refreshed.
 */
export function useChangeMemberRole(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: ClientRole) =>
      unwrap(api.client.team.members[':memberId'].$patch({ param: { memberId }, json: { role } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: portalKeys.team }),
        queryClient.invalidateQueries({ queryKey: portalKeys.me }),
      ]),
  });
}

/**
 * An owner removes member `memberId` from the team (docs/product.md#client-teams); their sessions
 * end at once. The team list is refreshed either way (an owner who removed themselves then gets
 * the sign-in screen, the list answering 401).
 */
export function useRemoveMember(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.client.team.members[':memberId'].$delete({ param: { memberId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.team }),
  });
}

/** 'Send me a new link' from a used or expired invitation: the same answer whatever the address. */
export function useRequestNewInvitation() {
  return useMutation({
    mutationFn: (values: { email: string }) => unwrap(api.client.invitation['new-link'].$post({ json: values })),
  });
}

/** 'Send it again': a new "Confirm your email" email for the signed-in, unconfirmed client. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: () => unwrap(api.client['confirmation-email'].$post()) });
}

/**
 * An owner or billing member signs proposal `id`: their typed name, the consent, the hash of the
 * document they read, the optional items chosen and the drawing, if any. Answers
 * `{agreementId, projectId, depositInvoiceId}`; resolves once the proposals (and, signed, the projects) are fetched again.
 */
export function useAcceptProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AcceptProposalValues) =>
      unwrap(api.client.proposals[':id'].accept.$post({ param: { id }, json: values })),
    onSettled: (answer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: portalKeys.proposals }),
        answer ? queryClient.invalidateQueries({ queryKey: portalKeys.projects }) : null,
      ]),
  });
}

/** An owner or billing member declines proposal `id`, saying why; resolves once the proposals are fetched again. */
export function useDeclineProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { reason: string }) =>
      unwrap(api.client.proposals[':id'].decline.$post({ param: { id }, json: values })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.proposals }),
  });
}
