/**
 * The signed-in staff member's own 'Email notifications' switch, beside who is signed in on the
 * dashboard (docs/product.md#settings-screen): whether they receive the team's notification
 * emails. Saved at once; a toast says how it went.
 */
import { useId } from 'react';
import { messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { Switch } from '../ui/switch.tsx';
import { useSetStaffEmailNotifications } from './mutations.ts';
import type { AdminUser } from './queries.ts';

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
