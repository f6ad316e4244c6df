/**
 * The dashboard's own pages for sign-in (docs/product.md#sign-in-security, docs/product.md#roles):
 * '#security', the signed-in staff member's account: the name clients see (docs/product.md#staff-names),
 * two-step verification, passkeys and devices (shown
 * instead of everything else while STAFF_REQUIRE_2FA waits for their set-up); and '#team', the
 * staff and the pending invitations, where owners invite and remove.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { displayNameSchema } from '../../shared/schemas/staff.ts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { api, messageOf, unwrap } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Field, SubmitButton } from '../ui/form.tsx';
import { AccountSecurity } from '../security/account-security.tsx';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { Loading } from '../ui/loading.tsx';
import { Panel } from './page-frame.tsx';
import { Badge, ListError } from './parts.tsx';
import { bookingKeys } from './bookings-queries.ts';
import { adminKeys, type AdminUser } from './queries.ts';

/** A page with a back link and its focused heading. */
function Page({
  title,
  intro,
  children,
  back = true,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  back?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {back && (
        <a
          href="#clients"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to the dashboard
        </a>
      )}
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold text-ink-900 outline-none">
          {title}
        </h1>
        <p className="mt-1 text-ink-700">{intro}</p>
      </div>
      {children}
    </div>
  );
}

/** The staff member's display name, the name clients and visitors see (PATCH /api/admin/me). */
function NameForm({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ displayName: string }>({
    resolver: zodResolver(displayNameSchema),
    defaultValues: { displayName: user.displayName },
  });
  const rename = useMutation({
    mutationFn: (json: { displayName: string }) => unwrap(api.admin.me.$patch({ json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.me }),
  });
  const onSubmit = useSubmit(rename, {
    setError,
    success: ({ displayName }) => ({ title: 'Name saved', description: `Clients now see you as ${displayName}.` }),
    failure: { title: 'Could not save your name', description: (error) => messageOf(error, 'Please try again.') },
  });
  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Your name" className="grid gap-4">
      <Field
        label="Your name"
        error={errors.displayName?.message}
        hint={`Clients and visitors see this name on replies, files and approvals. You sign in as ${user.username}.`}
      >
        {(control) => <input {...control} autoComplete="name" className="field-input" {...register('displayName')} />}
      </Field>
      <SubmitButton
        pending={isSubmitting}
        icon={<Save aria-hidden="true" className="size-5" />}
        className="sm:w-auto sm:justify-self-start"
      >
        Save Name
      </SubmitButton>
    </form>
  );
}

/**
 * '#security', the account page: the name clients see, then sign-in and security; with
 * `setupRequired`, only the security part, the only page until two-step verification is on.
 */
export function SecurityPage({ setupRequired = false, user }: { setupRequired?: boolean; user?: AdminUser }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!setupRequired) return;
    // Once set up, /me says so and the dashboard comes back.
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: adminKeys.me }), 3000);
    return () => clearInterval(timer);
  }, [setupRequired, queryClient]);
  return (
    <Page
      title="Sign-in and security"
      intro={
        setupRequired
          ? 'This dashboard requires two-step verification. Set it up below to continue.'
          : 'The name clients see, how you sign in to the dashboard, and where you are signed in.'
      }
      back={!setupRequired}
    >
      <div className="grid max-w-3xl gap-6">
        {!setupRequired && user && (
          <Panel title="How clients see you" id="name-heading">
            <NameForm user={user} />
          </Panel>
        )}
        <AccountSecurity area="admin" />
      </div>
    </Page>
  );
}

const fetchStaff = () => unwrap(api.admin.staff.$get());
type Staff = Awaited<ReturnType<typeof fetchStaff>>;

function InviteForm() {
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<'staff' | 'owner'>('staff');
  const invite = useMutation({
    mutationFn: () => unwrap(api.admin.invitations.$post({ json: { email, role, name } })),
    onSuccess: (invitation) => {
      setEmail('');
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] });
      toast({ title: 'Invitation sent', description: `${invitation.email} has 7 days to accept.` });
    },
    onError: (error) =>
      toast({ title: 'Could not invite', description: messageOf(error, 'Please try again.'), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    invite.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Invite a staff member" className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-name`} className="field-label">
          Name
        </label>
        <input
          id={`${id}-name`}
          className="field-input"
          autoComplete="off"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-email`} className="field-label">
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          className="field-input"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-role`} className="field-label">
          Role
        </label>
        <select
          id={`${id}-role`}
          className="field-input"
          value={role}
          onChange={(event) => setRole(event.target.value as 'staff' | 'owner')}
        >
          <option value="staff">Staff</option>
          <option value="owner">Owner</option>
        </select>
      </div>
      <button type="submit" className="btn-primary" disabled={invite.isPending}>
        <UserPlus aria-hidden="true" className="size-4" /> Invite
      </button>
    </form>
  );
}

/** What became of a removed member's meetings, in words, or null when they had none ahead. */
function handOverSummary(name: string, meetings: { handedOver: number; unassigned: number }): string | null {
  const count = (n: number) => (n === 1 ? '1 meeting' : `${n} meetings`);
  const parts = [
    meetings.handedOver > 0 && `${count(meetings.handedOver)} of ${name}'s went to whoever was free.`,
    meetings.unassigned > 0 &&
      `${count(meetings.unassigned)} found nobody free at the same time: move or cancel ${meetings.unassigned === 1 ? 'it' : 'them'} in Bookings.`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

function RemoveMember({ member }: { member: Staff['members'][number] }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => unwrap(api.admin.staff[':id'].$delete({ param: { id: member.id ?? '' } })),
    onSuccess: (answer) => {
      const description = handOverSummary(member.name, answer.meetings);
      toast({ title: `Removed ${member.name}`, ...(description ? { description } : {}) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
  return (
    <ConfirmDelete
      label={`Remove ${member.name}`}
      title={`Remove ${member.name}?`}
      description="They lose access to the dashboard at once and are signed out everywhere. Their meetings ahead go to whoever on the staff is free at the same time."
      confirmLabel="Remove from the staff"
      mutation={remove}
      failureTitle="Could not remove"
    />
  );
}

function WithdrawInvitation({ invitation }: { invitation: Staff['invitations'][number] }) {
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => unwrap(api.admin.invitations[':id'].$delete({ param: { id: invitation.id } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
  return (
    <ConfirmDelete
      label={`Withdraw the invitation of ${invitation.email}`}
      title={`Withdraw the invitation of ${invitation.email}?`}
      description="The link in their email will no longer work."
      confirmLabel="Withdraw"
      mutation={withdraw}
      failureTitle="Could not withdraw"
    />
  );
}

/** '#team': the staff, the pending invitations, and (for owners) inviting and removing. */
export function TeamPage({ user }: { user: AdminUser }) {
  const staff = useQuery({ queryKey: ['admin', 'staff'], queryFn: fetchStaff });
  const owner = user.role === 'owner';
  return (
    <Page title="Team" intro="Who can use the dashboard. Owners invite and remove staff.">
      <div className="grid max-w-3xl gap-6">
        {owner && (
          <Panel title="Invite someone" id="invite-heading">
            <InviteForm />
          </Panel>
        )}
        <Panel title="Staff" id="staff-heading">
          {staff.isPending ? (
            <Loading label="Loading the staff..." compact />
          ) : staff.isError ? (
            <ListError what="staff" />
          ) : (
            <ul className="grid gap-2" aria-label="Staff">
              {staff.data.members.map((m) => (
                <li
                  key={m.email}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl p-3 ring-1 ring-ink-700/10"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold wrap-anywhere text-ink-900">
                      {m.name}
                      <span className="font-normal text-ink-700">{m.email}</span>
                      <Badge tone={m.role === 'owner' ? 'indigo' : 'gray'}>
                        {m.role === 'owner' ? 'Owner' : 'Staff'}
                      </Badge>
                    </p>
                    <p className="text-sm text-ink-700">
                      {m.source === 'settings' ? 'Owner by the server settings' : 'Invited'} ·{' '}
                      {m.lastSignInAt ? `last signed in ${formatDateTime(m.lastSignInAt)}` : 'not signed in yet'}
                    </p>
                  </div>
                  {owner && m.source === 'invitation' && m.id && m.id !== user.id && <RemoveMember member={m} />}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        {staff.data && staff.data.invitations.length > 0 && (
          <Panel title="Pending invitations" id="invitations-heading">
            <ul className="grid gap-2" aria-label="Pending invitations">
              {staff.data.invitations.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl p-3 ring-1 ring-ink-700/10"
                >
                  <div className="min-w-0">
                    <p className="font-semibold wrap-anywhere text-ink-900">{i.email}</p>
                    <p className="text-sm text-ink-700">
                      {i.role === 'owner' ? 'Owner' : 'Staff'} · invited by {i.invitedBy} · until{' '}
                      {formatDateTime(i.expiresAt)}
                    </p>
                  </div>
                  {owner && <WithdrawInvitation invitation={i} />}
                </li>
              ))}
            </ul>
          </Panel>
        )}
      </div>
    </Page>
  );
}
