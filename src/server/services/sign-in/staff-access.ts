/**
 * Who may use the dashboard (docs/product.md#roles; docs/decisions/0031-sign-in-methods.md): the
 * addresses of ADMIN_EMAILS, who are owners and can never be locked out by the database, and the
 * staff an owner invited (`users.role`, 'owner' or 'staff'). Removing an invited member clears the
 * role; removing an ADMIN_EMAILS address needs the setting changed.
 */
import type { Env } from '../../env/index.ts';

export type StaffRole = 'owner' | 'staff';

/** The role of staff user `user`, or null when they may not use the dashboard. */
export function staffRoleOf(env: Pick<Env, 'ADMIN_EMAILS'>, user: { username: string; role: StaffRole | null }) {
  if (env.ADMIN_EMAILS.includes(user.username)) return 'owner' as const;
  return user.role;
}
