/**
 * Who wrote a project message, as the API carries it (docs/product.md#client-teams): a client
 * member by name (as staff see them, "Dana Reyes (Acme Bakery)"), or a staff member.
 */
import type { communications } from '../../../../db/schema/index.ts';
import { memberLabel } from '../../../shared/team.ts';
import { toJson } from '../../db/json.ts';

/**
 * Who wrote a message, as the API carries it (docs/product.md#client-teams): `{kind: 'client' |
 * 'staff', name}`. A client member's name, as staff see it ("Dana Reyes (Acme Bakery)") when
 * `business` is given; a staff member's name, or 'Team' when none was recorded.
 */
function messageAuthor(
  row: { fromClient: boolean; authorName: string | null },
  business?: { name: string; company: string | null },
): { kind: 'client' | 'staff'; name: string } {
  if (!row.fromClient) return { kind: 'staff', name: row.authorName ?? 'Team' };
  const name = row.authorName ?? business?.name ?? 'Client';
  return { kind: 'client', name: business ? memberLabel(name, business) : name };
}

/** A message as the API carries it: its fields, dates as ISO strings, and its `author`. */
export const messageJson = (
  row: typeof communications.$inferSelect,
  business?: { name: string; company: string | null },
) => ({
  ...toJson(row),
  author: messageAuthor(row, business),
});
