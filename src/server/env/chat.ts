/**
 * The environment's settings of live chat (docs/product.md#live-chat): its hours, its rate limits
 * and when a waiting chat is escalated.
 */
import { z } from 'zod';
import { parseChatHours } from './chat-hours.ts';

export const chatEnv = {
  /**
   * When live chat is offered, in SITE_TIME_ZONE (docs/product.md#live-chat): entries such as
   * `Mon-Fri 09:00-17:30; Sat 10:00-14:00`; empty: any time someone is online.
   */
  CHAT_HOURS: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseChatHours(v);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** New live chats per address, and per visitor, per hour (docs/product.md#limits). */
  CHAT_CONVERSATIONS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Live-chat messages per address, and per visitor, per minute (docs/product.md#limits). */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Minutes a chat may wait for a first answer before the team is emailed about it, once per wait
   * (docs/product.md#live-chat): an integer 1–1,440.
   */
  CHAT_ESCALATE_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(1, { error: 'must be at least 1 minute' })
    .max(1440, { error: 'must be at most 1440 minutes' })
    .default(3),
};
