/** The blog's newsletter box (issue 2: stores a valid address once). */
import { z } from '../zod.ts';
import { emailField } from './fields.ts';

export const newsletterSchema = z.object({ email: emailField });
