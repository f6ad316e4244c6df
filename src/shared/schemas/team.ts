/**
 * The bodies of a client's team (docs/product.md#client-teams): an invitation (email, name, role),
 * a role change, and an invitation accepted (the token, the person's name, a first password by the
 * registration's rules or none when a passkey follows). Messages of docs/product.md#validation.
 */
import { z } from '../zod.ts';
import { CLIENT_ROLES } from '../team.ts';
import { emailField } from './fields.ts';
import { acceptInvitationSchema, registerSchema } from './client.ts';

const role = z.enum(CLIENT_ROLES, { error: 'Role must be owner, member or billing' });
const name = registerSchema.shape.name;

/** POST /api/client/team/invitations and POST /api/admin/clients/{id}/members. */
export const teamInvitationSchema = z.object({ email: emailField, name, role });
export type TeamInvitationValues = z.infer<typeof teamInvitationSchema>;

/** PATCH /api/client/team/members/{id}. */
export const roleChangeSchema = z.object({ role });

/** POST /api/client/invitations/accept: the token from the link's `#` part, a name, a password or none. */
export const acceptTeamInvitationSchema = acceptInvitationSchema.extend({ name });
