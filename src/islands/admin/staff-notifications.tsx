/**
 * The signed-in staff member's own 'Email notifications' switch, beside who is signed in on the
 * dashboard (docs/product.md#settings-screen): whether they receive the team's notification
 * emails. Saved at once; a toast says how it went. `NotificationRoutes` says where each kind of
 * alert is emailed now (GET /api/admin/notification-routes, docs/product.md#notification-routes),
 * beside the 'Allow alerts' button for urgent leads (urgent-lead-alerts.tsx).
 */
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { Switch } from '../ui/switch.tsx';
import { useSetStaffEmailNotifications } from './mutations.ts';
import { useNotificationRoutes, type AdminUser } from './queries.ts';
import { AllowAlerts } from './urgent-lead-alerts.tsx';

export function StaffNotifications({ user }: { user: AdminUser }) {
  const id = useId();
  const setEmails = useSetStaffEmailNotifications();
  // While a change is being saved, the switch shows what was asked for.
  const on = setEmails.isPending ? (setEmails.variables ?? user.emailNotifications) : user.emailNotifications;
  const change = (next: boolean) => {
    if (setEmails.isPending) return;
    setEmails.mutate(next, {
      onSuccess: ({ emailNotifications }) =>
        toast({ title: emailNotifications ? 'Email notifications on' : 'Email notifications off' }),
      onError: (error) =>
        toast({
          title: 'Could not change email notifications',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <div className="inline-flex items-center gap-3 rounded-xl bg-white py-0.5 pr-1 pl-4 ring-1 ring-ink-700/10">
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        Email notifications
      </label>
      <Switch id={id} checked={on} onCheckedChange={change} />
    </div>
  );
}

const inEnglish = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** `a, b and c`, or `nobody` for an empty list. */
function recipients(addresses: string[]) {
  return addresses.length > 0 ? inEnglish.format(addresses) : 'nobody';
}

/** 'New leads go to …', 'Urgent leads go to …', 'Client messages and waiting chats go to …', and 'Allow alerts'. */
export function NotificationRoutes() {
  const routes = useNotificationRoutes().data;
  return (
    <section
      aria-labelledby="notification-routes-heading"
      className="flex flex-col gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-ink-700/10 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 flex-1">
        <h2 id="notification-routes-heading" className="flex items-center gap-2 text-sm font-bold text-ink-900">
          <Mail aria-hidden="true" className="size-4" /> Where alerts go
        </h2>
        {routes ? (
          <ul className="mt-1 grid gap-0.5 text-sm break-words text-ink-700">
            <li>New leads go to {recipients(routes.leads)}.</li>
            <li>Urgent leads go to {recipients(routes.urgent)}.</li>
            <li>Client messages and waiting chats go to {recipients(routes.team)}.</li>
          </ul>
        ) : (
          <p className="mt-1 text-sm text-ink-700" aria-busy="true">
            Loading…
          </p>
        )}
      </div>
      <div className="shrink-0">
        <AllowAlerts />
      </div>
    </section>
  );
}
