/**
 * The bot guard of every form a stranger can post (contact, emergency, website audit,
 * newsletter; docs/product.md#security): a honeypot field `fax` no person sees, and the
 * minimum fill time measured from `startedAt` (epoch milliseconds when the form was shown).
 * A bot gets the same answer as a person and nothing is stored.
 *
 * Put it after the body's validator. With `answer`, a bot is answered at once with it;
 * without, the request goes on with `c.var.bot` set, for routes whose answer must be real (the
 * website audit still runs, only its lead is not stored).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { z } from '../../shared/zod.ts';
import type { ApiBindings } from '../context.ts';

/** A form submitted sooner than this after it was shown is taken for a bot, in milliseconds. */
const MIN_FILL_TIME_MS = 1500;

const antiBot = z.object({ fax: z.string().optional(), startedAt: z.number().optional() });

export interface BotEnv {
  Bindings: ApiBindings;
  Variables: { bot: boolean };
}

/** True when the body filled the honeypot or came back faster than MIN_FILL_TIME_MS. */
function looksLikeBot(body: unknown, now = Date.now()): boolean {
  const parsed = antiBot.safeParse(body);
  if (!parsed.success) return false;
  const { fax, startedAt } = parsed.data;
  if (fax && fax.trim() !== '') return true;
  return startedAt !== undefined && now - startedAt < MIN_FILL_TIME_MS;
}

export function botGuard(options: { answer?: (c: Context) => Response } = {}): MiddlewareHandler<BotEnv> {
  return async (c, next) => {
    const bot = looksLikeBot(await c.req.json<unknown>());
    if (bot && options.answer) return options.answer(c);
    c.set('bot', bot);
    await next();
  };
}
