/** The `:id` path parameter of the dashboard's routes: a record id, 1 to 100 characters. */
import { z } from 'zod';

export const idParam = z.object({ id: z.string().min(1).max(100) });
