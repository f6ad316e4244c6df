import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { onRequest } from './middleware.ts';

const ASTRO_POLICY = "default-src 'self'; object-src 'none'; base-uri 'self'; script-src 'self' 'sha256-ssr=';";

/** Runs the middleware as Astro does for a page rendered (`isPrerendered`) with `answer`. */
async function through(isPrerendered: boolean, answer: Response): Promise<Response> {
  const result = await onRequest({ isPrerendered } as APIContext, async () => answer);
  return result as Response;
}

function page(headers: Record<string, string>): Response {
  return new Response('<p>rendered</p>', { headers: { 'content-type': 'text/html', ...headers } });
}

describe("Astro's middleware", () => {
  it('adds frame-ancestors to the policy Astro sends with a page rendered on demand', async () => {
    const response = await through(false, page({ 'content-security-policy': ASTRO_POLICY }));
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; object-src 'none'; base-uri 'self'; script-src 'self' 'sha256-ssr='; frame-ancestors 'none'",
    );
    expect(await response.text()).toBe('<p>rendered</p>');
  });

  it('leaves prebuilt pages, answers without a policy and answers that are not pages as they are', async () => {
    const prebuilt = await through(true, page({ 'content-security-policy': ASTRO_POLICY }));
    expect(prebuilt.headers.get('content-security-policy')).toBe(ASTRO_POLICY);
    const noPolicy = await through(false, page({}));
    expect(noPolicy.headers.get('content-security-policy')).toBeNull();
    const json = await through(
      false,
      Response.json({ ok: true }, { headers: { 'content-security-policy': "default-src 'none'" } }),
    );
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'");
  });
});
