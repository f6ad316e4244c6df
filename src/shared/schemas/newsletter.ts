/** The blog's newsletter box: a valid address, stored once. */
import { z } from '../zod.ts';
import { emailField } from './fields.ts';

export const newsletterSchema = z.object({ email: emailField });
