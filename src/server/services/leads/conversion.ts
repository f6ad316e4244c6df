/**
 * A lead becomes a client (docs/product.md#leads): the client, a first project, the lead marked
 * won and linked, an admin event and the invitation email, in one transaction.
 */
import { eq } from 'drizzle-orm';
import { clientMembers, contactSubmissions, projects } from '../../../../db/schema/index.ts';
import type { ConvertLeadValues } from '../../../shared/schemas/admin.ts';
import { ConflictError, InvalidFieldError, NotFoundError } from '../../errors.ts';
import { queueInvitation } from '../sign-in/invitations.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { insertClient, toPublicClient } from '../clients/clients.ts';
import type { Database } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';
import { toJson } from '../../db/json.ts';

/**
 * Turns lead `leadId` into a client (docs/product.md#leads), in one transaction: the client
 * (the lead's name and email, `company` if given, the lead's phone), a first project when
 * `projectTitle` is given, the lead linked to the client and marked won, an admin event, and an
 * invitation email with a single-use link valid 72 hours, queued for the notification worker
 * (services/email/account-emails.ts; its pages are under `siteUrl`). Returns the client and the project
 * (or null). NotFoundError for a missing lead; ConflictError('already_converted') when it
 * was converted before, ('email_taken') when a client has that email; InvalidFieldError on
 * `email` for a lead without one. Nothing is written on any error.
 */
export async function convertLeadToClient(
  db: Database,
  actor: Actor,
  leadId: string,
  values: ConvertLeadValues,
  siteUrl: string,
) {
  return db.write(async (tx) => {
    const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
    if (!lead) throw new NotFoundError('Lead');
    if (lead.clientId) {
      throw new ConflictError('already_converted', 'This lead is already a client', 'lead');
    }
    if (!lead.email) throw new InvalidFieldError('email', 'This lead has no email to invite');
    const email = lead.email.trim().toLowerCase();
    const [taken] = await tx.select({ id: clientMembers.id }).from(clientMembers).where(eq(clientMembers.email, email));
    if (taken) throw new ConflictError('email_taken', 'An account with this email already exists', 'email');
    const now = new Date();
    // The lead becomes the client's first owner, invited: they choose a password or a passkey.
    const client = await insertClient(tx, {
      name: lead.name,
      email,
      company: values.company || null,
      phone: lead.phone,
      passwordHash: null,
    });
    let project: typeof projects.$inferSelect | undefined;
    if (values.projectTitle) {
      [project] = await tx
        .insert(projects)
        .values({ clientId: client.id, title: values.projectTitle, createdAt: now, updatedAt: now })
        .returning();
      if (project) await recordEvent(tx, { type: 'project-updated', projectId: project.id, clientId: client.id });
    }
    await tx
      .update(contactSubmissions)
      .set({ clientId: client.id, status: 'won' })
      .where(eq(contactSubmissions.id, leadId));
    await recordAdminEvent(tx, actor, 'create', 'client', client.id, `Converted lead ${lead.name} to a client`);
    await queueInvitation(tx, client.owner, siteUrl, now);
    return { client: toPublicClient(client, client.owner), project: project ? toJson(project) : null };
  });
}
