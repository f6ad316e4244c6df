/** The only bridge from Astro into the Hono API (docs/product.md#api); no logic here. */
import type { APIRoute } from 'astro';
import { runtimeApp } from '../../server/runtime.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) =>
  (await runtimeApp()).fetch(request, { clientAddress });
