/**
 * The API under `astro dev`, and only there: the server-entry integration
 * (scripts/server-entry-integration.mjs) injects this endpoint at `/api/[...path]` when Astro runs
 * its dev server. A build never contains it: in production the server entry (main.ts) serves
 * `/api` through the one Hono app of the process (docs/decisions/0020-one-server-per-process.md).
 * No logic here.
 */
import type { APIRoute } from 'astro';
import { runtimeApp } from './runtime.ts';

export const prerender = false;

/**
 * The caller's address, or null when the connection closed before the request was handled (the
 * Node adapter then has no socket address and throws), as when a page leaves while its event
 * stream is still connecting.
 */
function addressOf(clientAddress: () => string): string | null {
  try {
    return clientAddress();
  } catch {
    return null;
  }
}

/** Every method of every `/api/…` path, answered by the Hono app (499 when the caller left). */
export const ALL: APIRoute = async (context) => {
  const clientAddress = addressOf(() => context.clientAddress);
  // 499: the client closed the request; nobody is there to read an answer.
  if (clientAddress === null) return new Response(null, { status: 499 });
  return (await runtimeApp()).fetch(context.request, { clientAddress });
};
