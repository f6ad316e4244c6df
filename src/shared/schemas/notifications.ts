/**
 * Turning one's own notification emails on or off, for clients in /portal/settings and for
 * staff in the dashboard (docs/product.md#settings-screen).
 */
import { z } from '../zod.ts';

export const notificationsSchema = z.object({
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
});
