/**
 * Which addresses a proposal's text may link to (docs/product.md#proposals): an absolute http,
 * https or mailto URL, in the portal's and the dashboard's rendering and in the agreement's PDF
 * alike; anything else (javascript:, data:, a relative address) is shown as text, never followed.
 */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** `url` trimmed when it is an absolute http, https or mailto URL; null (no link) otherwise. */
export function safeLinkUrl(url: string): string | null {
  try {
    return LINK_PROTOCOLS.has(new URL(url.trim()).protocol) ? url.trim() : null;
  } catch {
    return null;
  }
}
