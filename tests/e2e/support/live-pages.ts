/**
 * Two people side by side (docs/product.md#live-updates): a page whose live stream has answered,
 * and a new client signed in in a browser of their own.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { presetConsent, type ClientSpec, type CreatedClient } from '../fixtures.ts';

/** The budget of live updates: a change shows on the other screen within 2 seconds. */
export const LIVE = { timeout: 2_000 };

/** A name no other test uses: `prefix` and a random tail. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Goes to `path` and resolves once the page's live stream (`kind`) has answered. */
export async function openLive(page: Page, path: string, kind: 'client' | 'admin') {
  const stream = page.waitForResponse((r) => r.url().endsWith(`/api/${kind}/stream`) && r.status() === 200);
  await page.goto(path);
  await stream;
}

/** A page in the client's own browser `context`, signed in as a new client made from `data`. */
export async function clientPage(
  context: BrowserContext,
  signInClient: (data: ClientSpec, context: BrowserContext) => Promise<CreatedClient>,
  data: ClientSpec,
) {
  const client = await signInClient(data, context);
  const page = await context.newPage();
  await presetConsent(page);
  return { client, page };
}
