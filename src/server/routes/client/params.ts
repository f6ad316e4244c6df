/**
 * The path parameters of the portal's routes (docs/product.md#api, client portal): `:projectId`,
 * a project id of 1 to 100 characters, shared by the project and message routes.
 */
import { z } from 'zod';

export const projectParam = z.object({ projectId: z.string().min(1).max(100) });
