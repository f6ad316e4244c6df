/**
 * How a staff member is named to people outside the team (docs/product.md#privacy): staff accounts
 * are email addresses, and a person's data export names staff by display name only, never by
 * address. The display name is the address's local part, its dots, dashes and underscores read as
 * spaces and each word capitalised: `maria.lopez@agency.example` → `Maria Lopez`. A value without
 * `@` is already a name and is returned as it is.
 */
export function staffDisplayName(nameOrEmail: string): string {
  const at = nameOrEmail.lastIndexOf('@');
  if (at < 0) return nameOrEmail;
  const words = nameOrEmail
    .slice(0, at)
    .split(/[._\-+]+/)
    .filter(Boolean);
  if (words.length === 0) return 'Team';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/**
 * The name a staff member goes by on everything a client or visitor sees (docs/product.md#staff-names):
 * their display name when one is set (trimmed, non-empty), else the name read from their address
 * by `staffDisplayName`. Input: a `users` row or anything with `username` (the address) and an
 * optional `displayName`. Output: never an email address.
 */
export function staffName(user: { username: string; displayName?: string | null }): string {
  const own = user.displayName?.trim();
  return own ? own : staffDisplayName(user.username);
}
