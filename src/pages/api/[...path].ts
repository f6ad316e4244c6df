/** The only bridge from Astro into the Hono API (docs/product.md#api); no logic here. */
import type { APIRoute } from 'astro';
import { runtimeApp } from '../../server/runtime.ts';

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

export const ALL: APIRoute = async (context) => {
  const clientAddress = addressOf(() => context.clientAddress);
  // 499: the client closed the request; nobody is there to read an answer.
  if (clientAddress === null) return new Response(null, { status: 499 });
  return (await runtimeApp()).fetch(context.request, { clientAddress });
};
