/**
 * An owner's invitation of a new staff member (docs/product.md#roles): their email, role and name;
 * a staff member's own display name (docs/product.md#staff-names).
 */
import { z } from '../zod.ts';
import { emailField } from './fields.ts';

/** A display name: trimmed, 1–80 characters. */
const displayNameField = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, { error: 'Enter a name' })
  .max(80, { error: 'A name is at most 80 characters' });

export const invitationSchema = z.object({
  email: emailField,
  role: z.enum(['owner', 'staff'], { error: 'Choose Owner or Staff' }).default('staff'),
  /** The name clients will see; optional (read from the address until set). */
  name: z
    .string()
    .trim()
    .max(80, { error: 'A name is at most 80 characters' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** PATCH /api/admin/me: the staff member's display name. */
export const displayNameSchema = z.object({ displayName: displayNameField });
