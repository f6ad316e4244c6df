/**
 * 'People' on a client's page (docs/product.md#client-teams): everyone on the client's team, oldest
 * first, each by name with their email beside it as a contact detail (never instead of the name),
 * their role and 'Invited' until they accept; 'Change role', 'Remove' and 'Erase this person'
 * (privacy, docs/product.md#privacy) for each, every one asking first; and 'Invite a person'
 * (client-member-invite.tsx). A refusal (409 `last_owner`: the client's last owner cannot be
 * demoted, removed or erased alone) is said in plain words in the dialog that asked. The list is
 * fetched again after every change.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Eraser, Loader2, Mail, Save, UserCog, UserMinus, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { roleChangeSchema } from '../../shared/schemas/team.ts';
import { businessName, CLIENT_ROLE_DESCRIPTIONS, CLIENT_ROLE_LABELS, type ClientRole } from '../../shared/team.ts';
import { formLevelError, useSubmit } from '../lib/use-submit.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Loading } from '../ui/loading.tsx';
import { InviteMember, RoleChoice } from './client-member-invite.tsx';
import { useChangeMemberRole, useEraseMember, useRemoveMember } from './mutations.ts';
import { Panel } from './page-frame.tsx';
import { Badge, ListError } from './parts.tsx';
import { useClientMembers, type AdminClientMember } from './queries.ts';

/** The client as this panel needs it. */
type Business = { id: string; name: string; company: string | null };

const ROLE_TONE = { owner: 'indigo', member: 'blue', billing: 'gray' } as const;

const ROW_BUTTON =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap';
const QUIET = `${ROW_BUTTON} text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50`;
const DANGER = `${ROW_BUTTON} text-danger-700 hover:bg-red-50`;

/** 'Change role': a dialog with the three roles; saving is the confirmation and names the change. */
function ChangeRole({ client, member }: { client: Business; member: AdminClientMember }) {
  const [open, setOpen] = useState(false);
  const change = useChangeMemberRole(client.id, member.id);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ role: ClientRole }>({ resolver: zodResolver(roleChangeSchema), defaultValues: { role: member.role } });
  const role = watch('role');
  const submit = useSubmit(change, {
    setError,
    success: (saved) => ({
      title: 'Role changed',
      description: `${saved.name} is now ${CLIENT_ROLE_LABELS[saved.role].toLowerCase()}.`,
    }),
    onSuccess: () => setOpen(false),
  });
  const failure = formLevelError(change.error, ['role'], 'Could not change the role. Please try again.');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (next) {
          reset({ role: member.role });
          change.reset();
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <button type="button" className={QUIET}>
          <UserCog aria-hidden="true" className="size-4" /> Change role
          <span className="sr-only"> of {member.name}</span>
        </button>
      </DialogTrigger>
      <DialogContent
        title={`Change the role of ${member.name}`}
        description={`Now ${CLIENT_ROLE_LABELS[member.role].toLowerCase()} of ${businessName(client)}.`}
        size="lg"
      >
        <form
          method="post"
          noValidate
          // Nothing to save while the role is the one they have.
          onSubmit={handleSubmit((values) => (values.role === member.role ? undefined : submit(values)))}
          className="grid gap-4"
        >
          <RoleChoice register={register('role')} error={errors.role?.message} />
          {role !== member.role && (
            <p className="text-sm text-ink-900">
              {member.name} will be {CLIENT_ROLE_LABELS[role].toLowerCase()}:{' '}
              {CLIENT_ROLE_DESCRIPTIONS[role].toLowerCase()}. Their open pages follow the change at once.
            </p>
          )}
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={() => !isSubmitting && setOpen(false)}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              aria-disabled={role === member.role || isSubmitting || undefined}
            >
              {isSubmitting ? (
                <>
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Saving...
                </>
              ) : (
                <>
                  <Save aria-hidden="true" className="size-4" />
                  {role === member.role ? 'Save role' : `Change to ${CLIENT_ROLE_LABELS[role]}`}
                </>
              )}
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What a row's removal and erasure need: the person, their client, and where focus goes once their row went. */
type RowProps = { client: Business; member: AdminClientMember; onGone: () => void };

/** 'Remove': the person leaves the team and is signed out everywhere. */
function RemoveMember({ client, member, onGone }: RowProps) {
  const remove = useRemoveMember(client.id, member.id);
  const business = businessName(client);
  return (
    <ConfirmAction
      trigger={
        <button type="button" className={DANGER}>
          <UserMinus aria-hidden="true" className="size-4" /> Remove
          <span className="sr-only"> {member.name}</span>
        </button>
      }
      title={`Remove ${member.name} from ${business}?`}
      description={
        member.status === 'invited' ? (
          <p>The invitation sent to {member.email} stops working at once.</p>
        ) : (
          <p>
            {member.name} loses access to {business}&rsquo;s portal at once and is signed out everywhere. What they
            wrote, uploaded and approved stays, under their name.
          </p>
        )
      }
      confirmLabel="Remove from the team"
      confirmIcon={<UserMinus aria-hidden="true" className="size-4" />}
      pendingLabel="Removing..."
      tone="danger"
      onConfirm={async () => {
        await remove.mutateAsync();
        toast({ title: 'Removed', description: `${member.name} is no longer on ${business}’s team.` });
        onGone();
      }}
    />
  );
}

/** 'Erase this person' (docs/product.md#privacy): their words, files and ways in go; the business's records stay. */
function EraseMember({ client, member, onGone }: RowProps) {
  const erase = useEraseMember(client.id, member.id);
  return (
    <ConfirmAction
      trigger={
        <button type="button" className={DANGER}>
          <Eraser aria-hidden="true" className="size-4" /> Erase this person
          <span className="sr-only"> ({member.name})</span>
        </button>
      }
      title={`Erase ${member.name}?`}
      description={
        <>
          <p>
            Goes now: their name and email, their sign-ins (sessions, passkeys, two-step verification), the text of the
            messages they wrote and the files they uploaded.
          </p>
          <p>
            Kept: {businessName(client)} with its projects, the team&rsquo;s messages and the other people&rsquo;s
            words; their approvals keep the date and hash. They will read as Deleted member. This cannot be undone.
          </p>
        </>
      }
      confirmLabel="Erase the person"
      confirmIcon={<Eraser aria-hidden="true" className="size-4" />}
      pendingLabel="Erasing..."
      tone="danger"
      onConfirm={async () => {
        const erased = await erase.mutateAsync();
        toast({ title: 'Person erased', description: `Their records now read ${erased.name}.` });
        onGone();
      }}
    />
  );
}

/**
 * One person: name, role and 'Invited', the email under the name, and the actions, which sit beside
 * them when the list is at least 48rem wide and under them otherwise (a container query: the panel
 * is narrow beside the client's details at 1280 px and wide alone on a tablet).
 */
function MemberRow({ client, member, onGone }: RowProps) {
  return (
    <li className="grid gap-x-4 gap-y-2 border-b border-ink-700/10 pb-3 last:border-b-0 last:pb-0 @3xl:grid-cols-[minmax(0,1fr)_auto] @3xl:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold wrap-anywhere text-ink-900">{member.name}</span>
          <Badge tone={ROLE_TONE[member.role]}>{CLIENT_ROLE_LABELS[member.role]}</Badge>
          {member.status === 'invited' && <Badge tone="amber">Invited</Badge>}
        </p>
        <p className="mt-0.5 flex items-center gap-1.5 text-sm">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
          <a href={`mailto:${member.email}`} className="min-w-0 wrap-anywhere text-brand-700 hover:underline">
            {member.email}
          </a>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1 @3xl:justify-end">
        <ChangeRole client={client} member={member} />
        <RemoveMember client={client} member={member} onGone={onGone} />
        <EraseMember client={client} member={member} onGone={onGone} />
      </div>
    </li>
  );
}

/** The 'People' panel of client `client`'s page; see the module comment. */
export function ClientMembers({ client }: { client: Business }) {
  const members = useClientMembers(client.id);
  const list = useRef<HTMLUListElement>(null);
  // A removed or erased person's row, and the button that was focused, are gone: focus the list.
  const onGone = () => setTimeout(() => list.current?.focus(), 0);
  return (
    <Panel title="People" id="client-people-heading">
      {members.isPending ? (
        <Loading label="Loading the people..." compact />
      ) : members.isError ? (
        <ListError what="people" />
      ) : members.data.members.length === 0 ? (
        <p className="flex items-center gap-2 text-ink-700">
          <Users aria-hidden="true" className="size-4" /> Nobody on the team yet.
        </p>
      ) : (
        <ul
          ref={list}
          tabIndex={-1}
          className="@container grid gap-3 rounded-lg"
          aria-label={`People of ${businessName(client)}`}
        >
          {members.data.members.map((member) => (
            <MemberRow key={member.id} client={client} member={member} onGone={onGone} />
          ))}
        </ul>
      )}
      <InviteMember client={client} />
    </Panel>
  );
}
