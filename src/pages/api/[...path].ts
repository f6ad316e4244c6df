/** The one bridge from Astro into the Hono API (DESIGN.md section 2); no logic here. */
import type { APIRoute } from 'astro';
import { runtimeApp } from '../../server/runtime.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) =>
  (await runtimeApp()).fetch(request, { clientAddress });
