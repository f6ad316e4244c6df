// @ts-check
/**
 * Per-page script hashes, run after `astro build` (docs/product.md#performance).
 *
 * Astro writes one Content-Security-Policy into every prebuilt page's `<meta http-equiv>`, and its
 * `script-src` lists the SHA-256 hash of every inline script of the whole site (nine today), while
 * a page holds one to four of them. A hash lets the script with that exact text run; a hash whose
 * script is not on the page allows nothing there. Those extra hashes are about 55 bytes each, which
 * compress badly, twice per page view: in the page and again in the header the server sends
 * (src/server/static-files.ts). That is enough to push a page past the 14,600 bytes a new
 * connection delivers in its first round trip (RFC 6928's initial window of ten segments).
 *
 * This step keeps, in each page's policy, only the hashes of the inline scripts that page holds.
 * It never adds a hash: a script Astro did not hash stays blocked, as it was.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'cheerio';

/** A `<meta http-equiv="content-security-policy">` element, as Astro writes it. */
const META_POLICY = /<meta http-equiv="content-security-policy" content="([^"]*)"/gi;
/** Script types a browser does not run (data blocks), which a policy has no reason to hash. */
const DATA_BLOCK = /json|text\/plain|template/i;

/**
 * The CSP source expression (`'sha256-…'`, CSP Level 3 section 2.3.1) of every inline script in
 * `html` that a browser would run: no `src`, and a JavaScript type or none.
 * @param {string} html
 * @returns {Set<string>}
 */
export function inlineScriptHashes(html) {
  const $ = load(html);
  const hashes = new Set();
  $('script:not([src])').each((_, element) => {
    const type = $(element).attr('type') ?? '';
    if (DATA_BLOCK.test(type)) return;
    const digest = createHash('sha256').update($(element).text(), 'utf8').digest('base64');
    hashes.add(`'sha256-${digest}'`);
  });
  return hashes;
}

/**
 * `policy` with the hash sources of its `script-src` directive cut to those in `keep`; other
 * directives and other sources (`'self'`, origins) are left as they are.
 * @param {string} policy a serialized policy (`default-src 'self'; script-src 'self' 'sha256-…'`)
 * @param {Set<string>} keep hash source expressions to keep
 * @returns {string}
 */
export function trimPolicyHashes(policy, keep) {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() !== 'script-src') return directive;
      const kept = sources.filter((source) => !/^'sha(256|384|512)-/i.test(source) || keep.has(source));
      return `${directive.startsWith(' ') ? ' ' : ''}${[name, ...kept].join(' ')}`;
    })
    .join(';');
}

/**
 * `html` with its meta policy's script hashes cut to the page's own inline scripts; a page without
 * a meta policy comes back unchanged.
 * @param {string} html
 * @returns {{ html: string; removed: number }} the page and the number of hashes removed
 * @throws when the page holds more than one meta policy (which of them to trim would be a guess)
 */
export function trimPageScriptHashes(html) {
  const metas = [...html.matchAll(META_POLICY)];
  if (metas.length === 0) return { html, removed: 0 };
  if (metas.length > 1) throw new Error('A page holds more than one Content-Security-Policy meta element');
  const [element, policy = ''] = /** @type {RegExpExecArray} */ (metas[0]);
  const trimmed = trimPolicyHashes(policy, inlineScriptHashes(html));
  /** @param {string} text */
  const count = (text) => text.match(/'sha(256|384|512)-/gi)?.length ?? 0;
  return {
    html: html.replace(element, () => element.replace(policy, () => trimmed)),
    removed: count(policy) - count(trimmed),
  };
}

/**
 * Trims the meta policy of every prebuilt HTML page under `clientDir`.
 * @param {string} clientDir
 * @returns {Promise<{ pages: number; removed: number }>} pages rewritten and hashes removed in all
 */
export async function trimScriptHashes(clientDir) {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  let pages = 0;
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const result = trimPageScriptHashes(await readFile(file, 'utf8'));
    if (result.removed === 0) continue;
    await writeFile(file, result.html);
    pages++;
    removed += result.removed;
  }
  return { pages, removed };
}
