/** The blog's newsletter box (issue 2: stores a valid address once). */
import { z } from 'zod';
import { emailField } from './fields.ts';

export const newsletterSchema = z.object({ email: emailField });
