/**
 * /portal/team (docs/product.md#client-teams): the people of the signed-in person's client, oldest
 * first, each with their name, email, role (and what it may do) and 'Invited' until they accept.
 * Every role may read the list. An owner also invites someone (team-invite.tsx), changes a
 * person's role (pick it, then 'Change role') and removes someone, and each change asks first; a
 * refusal (409 `last_owner`: a client keeps at least one owner; a 403 when their own role changed
 * meanwhile) is said in plain words in the dialog that asked. Everyone else reads that only owners
 * manage the team. The list is fetched again after each change; a person removed meanwhile gets
 * the sign-in screen (portal-frame.tsx). Without a session: the sign-in screen.
 */
import { ArrowLeft, UserCog, UserMinus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  businessName,
  CLIENT_ROLE_DESCRIPTIONS,
  CLIENT_ROLE_LABELS,
  CLIENT_ROLES,
  roleMay,
  type ClientRole,
} from '../../shared/team.ts';
import { LiveUpdates } from '../lib/live.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Loading } from '../ui/loading.tsx';
import { useChangeMemberRole, useRemoveMember } from './mutations.ts';
import { PortalFrame } from './portal-frame.tsx';
import { portalLive, useTeam, type PortalClient, type TeamMember } from './queries.ts';
import { InviteForm } from './team-invite.tsx';

const ROW_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold whitespace-nowrap';

/** A member's row as the signed-in person sees it: whether it is them, and where focus goes once it went. */
interface RowProps {
  member: TeamMember;
  self: boolean;
  business: string;
  onGone: () => void;
}

/**
 * The role picker of a row: choosing a role changes nothing until 'Change role', which asks first
 * (so moving through the options with the arrow keys opens nothing).
 */
function RoleControl({ member, self, business }: Omit<RowProps, 'onGone'>) {
  const id = useId();
  // The role picked but not saved; null: the picker shows the role as saved (after a change,
  // a Cancel or a refusal alike, once the list is refreshed).
  const [choice, setChoice] = useState<ClientRole | null>(null);
  // What the dialog asks about; kept while it closes, so its words do not change as it fades.
  const [asked, setAsked] = useState<ClientRole>(member.role);
  const [open, setOpen] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const change = useChangeMemberRole(member.id);
  const label = CLIENT_ROLE_LABELS[asked];
  const confirm = async () => {
    const saved = await change.mutateAsync(asked);
    toast({
      title: 'Role changed',
      description: `${saved.name}'s role is now ${CLIENT_ROLE_LABELS[saved.role]}.`,
    });
  };
  const picked = choice ?? member.role;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {member.name}
      </label>
      <select
        id={id}
        ref={select}
        value={picked}
        onChange={(event) => setChoice(event.target.value as ClientRole)}
        className="field-input min-h-11 w-auto py-2 pr-8"
      >
        {CLIENT_ROLES.map((role) => (
          <option key={role} value={role}>
            {CLIENT_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {picked !== member.role && (
        <button
          type="button"
          className={`${ROW_BUTTON} btn-primary`}
          onClick={() => {
            setAsked(picked);
            setOpen(true);
          }}
        >
          <UserCog aria-hidden="true" className="size-4" /> Change role
          <span className="sr-only"> of {member.name}</span>
        </button>
      )}
      <ConfirmAction
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setChoice(null);
        }}
        title={self ? `Change your role to ${label}?` : `Change ${member.name}'s role to ${label}?`}
        description={
          <>
            <p>
              {self ? 'You' : member.name} will have the role {label}: {CLIENT_ROLE_DESCRIPTIONS[asked].toLowerCase()}.
            </p>
            {self && !roleMay(asked, 'team') && (
              <p>You will no longer manage {business}&rsquo;s team; another owner can make you an owner again.</p>
            )}
          </>
        }
        confirmLabel="Change role"
        confirmIcon={<UserCog aria-hidden="true" className="size-4" />}
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          select.current?.focus();
        }}
      />
    </div>
  );
}

/** 'Remove': the person leaves the team and is signed out everywhere at once. */
function RemoveControl({ member, self, business, onGone }: RowProps) {
  const remove = useRemoveMember(member.id);
  const confirm = async () => {
    await remove.mutateAsync();
    onGone();
    if (!self) toast({ title: 'Removed from the team', description: `${member.name} can no longer open the portal.` });
  };
  return (
    <ConfirmAction
      trigger={
        <button type="button" className={`${ROW_BUTTON} text-danger-700 ring-1 ring-danger-700/30 hover:bg-red-50`}>
          <UserMinus aria-hidden="true" className="size-4" /> Remove
          <span className="sr-only"> {member.name}</span>
        </button>
      }
      title={self ? `Leave ${business}'s team?` : `Remove ${member.name} from the team?`}
      description={
        self ? (
          <p>You will be signed out at once and can no longer open {business}&rsquo;s portal.</p>
        ) : member.status === 'invited' ? (
          <p>The invitation sent to {member.email} stops working at once.</p>
        ) : (
          <p>
            {member.name} is signed out at once and can no longer open {business}&rsquo;s portal. What they wrote and
            uploaded stays with the projects.
          </p>
        )
      }
      confirmLabel={self ? 'Leave the team' : 'Remove from team'}
      confirmIcon={<UserMinus aria-hidden="true" className="size-4" />}
      pendingLabel="Removing..."
      tone="danger"
      onConfirm={confirm}
    />
  );
}

/** One person: name (and 'you'), email, role with what it may do, 'Invited'; an owner's controls. */
function MemberRow({ member, self, business, manage, onGone }: RowProps & { manage: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 p-4 sm:px-6">
      <div className="min-w-0 flex-1 basis-60">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-bold wrap-anywhere text-ink-900">{member.name}</span>
          {self && <span className="text-sm text-ink-700">(you)</span>}
          {member.status === 'invited' && (
            <span className="inline-flex shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-amber-900">
              Invited
            </span>
          )}
        </p>
        <p className="text-sm wrap-anywhere text-ink-700">{member.email}</p>
        <p className="mt-1 text-sm text-ink-700">
          <span className="font-semibold text-ink-900">{CLIENT_ROLE_LABELS[member.role]}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">: </span>
          {CLIENT_ROLE_DESCRIPTIONS[member.role]}
        </p>
      </div>
      {manage && (
        <div className="flex flex-wrap items-center gap-2">
          <RoleControl member={member} self={self} business={business} />
          <RemoveControl member={member} self={self} business={business} onGone={onGone} />
        </div>
      )}
    </li>
  );
}

function Team({ me }: { me: PortalClient }) {
  const team = useTeam();
  const manage = roleMay(me.member.role, 'team');
  const business = businessName(me.client);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Someone removed: once their row (with the button that had focus) has gone, focus goes to the
  // list's heading, after the dialog's own focus return (a timer of its own, set when it unmounted).
  const [gone, setGone] = useState<string | null>(null);
  useEffect(() => {
    if (!gone || team.data?.some((member) => member.id === gone)) return;
    setGone(null);
    setTimeout(() => listHeading.current?.focus(), 0);
  }, [gone, team.data]);
  return (
    <div className="grid gap-6">
      <div>
        <a
          href="/portal"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to Portal
        </a>
        <h1 className="mt-3 text-3xl font-extrabold text-ink-900">Team</h1>
        <p className="mt-1 text-ink-700">
          The people of <span className="wrap-anywhere">{business}</span> who use this portal, each with their own
          sign-in.
        </p>
      </div>
      {manage ? (
        <InviteForm business={business} />
      ) : (
        <p className="rounded-xl bg-white p-4 text-ink-900 ring-1 ring-ink-700/10">
          Only owners manage the team. Your role is {CLIENT_ROLE_LABELS[me.member.role]}: to invite someone, change a
          role or remove someone, ask an owner.
        </p>
      )}
      <section aria-labelledby="members-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-ink-700/10">
        <h2
          id="members-title"
          ref={listHeading}
          tabIndex={-1}
          className="border-b border-ink-700/10 px-4 py-4 text-xl font-bold text-ink-900 focus:outline-none sm:px-6"
        >
          Members{team.data ? ` (${team.data.length})` : ''}
        </h2>
        {team.isPending ? (
          <Loading label="Loading the team..." compact />
        ) : team.isError ? (
          <p role="alert" className="m-4 rounded-lg bg-red-50 p-4 text-danger-700">
            We could not load the team. Please reload the page.
          </p>
        ) : (
          <ul aria-labelledby="members-title" className="divide-y divide-ink-700/10">
            {team.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                self={member.id === me.member.id}
                business={business}
                manage={manage}
                onGone={() => setGone(member.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function TeamPage() {
  return (
    <PortalFrame>
      {(client) => (
        <LiveUpdates kind="client" refresh={portalLive}>
          <div className="mx-auto w-full max-w-4xl">
            <Team me={client} />
          </div>
        </LiveUpdates>
      )}
    </PortalFrame>
  );
}
