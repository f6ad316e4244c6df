/**
 * An owner's invitation of a new staff member (docs/product.md#roles): their email and role.
 */
import { z } from '../zod.ts';
import { emailField } from './fields.ts';

export const invitationSchema = z.object({
  email: emailField,
  role: z.enum(['owner', 'staff'], { error: 'Choose Owner or Staff' }).default('staff'),
});
