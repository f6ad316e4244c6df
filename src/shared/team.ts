/**
 * The people of a client (docs/product.md#client-teams): each member signs in as themselves and
 * has one role. The one source for the schema, the server's role checks and the screens.
 *
 * - `owner`: everything, and manages the team. A client always keeps at least one owner.
 * - `member`: projects, messages, files and approvals.
 * - `billing`: proposals, agreements, invoices and payments, and the project list (read only);
 *   no messages and no files.
 */
export const CLIENT_ROLES = ['owner', 'member', 'billing'] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

export const CLIENT_ROLE_LABELS: Record<ClientRole, string> = {
  owner: 'Owner',
  member: 'Member',
  billing: 'Billing',
};

/** What each role may do, in a sentence: shown beside the role picker. */
export const CLIENT_ROLE_DESCRIPTIONS: Record<ClientRole, string> = {
  owner: 'Everything, and manages the team',
  member: 'Projects, messages, files and approvals',
  billing: 'The project list, read only; no messages or files',
};

/** What a role may see and do in the portal (docs/product.md#client-teams). */
export type ClientAbility = 'projects' | 'work' | 'team';

const ABILITIES: Record<ClientRole, readonly ClientAbility[]> = {
  owner: ['projects', 'work', 'team'],
  member: ['projects', 'work'],
  billing: ['projects'],
};

/**
 * Whether `role` may do `ability`: `projects` is the project list; `work` is a project's
 * messages, files, milestones and approvals; `team` is managing the team.
 */
export function roleMay(role: ClientRole, ability: ClientAbility): boolean {
  return ABILITIES[role].includes(ability);
}

/** The name a client goes by: its company, else the client's name (docs/product.md#client-teams). */
export function businessName(client: { name: string; company: string | null }): string {
  return client.company?.trim() || client.name;
}

/** "Dana Reyes (Acme Bakery)": how staff see a client's member (businessName of the client). */
export function memberLabel(memberName: string, client: { name: string; company: string | null }): string {
  const business = businessName(client);
  return business && business !== memberName ? `${memberName} (${business})` : memberName;
}
