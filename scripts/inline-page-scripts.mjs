// @ts-check
/**
 * Page scripts inlined, run after `astro build` (docs/product.md#performance).
 *
 * Astro writes a page's own `<script>` (not an island) as an external module,
 * `<script type="module" src="/_astro/….js">`, and keeps it external whenever it imports a module
 * that an island imports too. On the landing page that made four small requests (the navigation's
 * and the page's scripts, and two helpers they share with islands): on a phone's new connection
 * each costs round trips, and Lighthouse's simulated load counts them as needed for the first paint
 * whenever they happen to arrive before it (ADR 0018).
 *
 * This step bundles all of a page's external page scripts, with everything they import, into one
 * inline module script put where the first of them was, when that bundle is at most
 * `INLINE_LIMIT_BYTES`. Module scripts run after parsing in document order, so the scripts keep
 * their order. Its SHA-256 hash is added to the `script-src` of the page's meta policy, so the
 * policy lets exactly this text run. Larger bundles, or a bundle holding `</script`, stay external.
 *
 * An inlined script carries its own copy of the modules it shares with islands. Page scripts and
 * islands therefore share state through the window or the DOM, never through a module's variables
 * (as src/islands/emergency/events.ts does with its window flags).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Largest inline bundle, in bytes of minified JavaScript: about 3 KB once compressed. */
export const INLINE_LIMIT_BYTES = 8192;

/** A page script as Astro writes it. */
const PAGE_SCRIPT = /<script type="module" src="(\/_astro\/[\w.-]+\.js)"><\/script>/g;
/** A `<meta http-equiv="content-security-policy">` element's policy, as Astro writes it. */
const META_POLICY = /(<meta http-equiv="content-security-policy" content="[^"]*script-src)([^;"]*)/i;

/**
 * One minified ES module that runs `sources` (paths under `clientDir`, such as
 * `/_astro/a.js`) in order, with all they import.
 * @param {string} clientDir
 * @param {string[]} sources
 * @returns {Promise<string>}
 */
export async function bundlePageScripts(clientDir, sources) {
  const result = await build({
    stdin: {
      contents: sources.map((source) => `import ${JSON.stringify(join(clientDir, source))};`).join('\n'),
      resolveDir: clientDir,
      loader: 'js',
    },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    logLevel: 'warning',
  });
  return (result.outputFiles[0]?.text ?? '').trim();
}

/**
 * `html` with its external page scripts replaced by one inline module (see above), and the hash of
 * that module added to its meta policy.
 * @param {string} html
 * @param {(sources: string[]) => Promise<string>} bundle the bundler (bundlePageScripts bound to a folder)
 * @param {number} [limit] largest bundle inlined, in bytes
 * @returns {Promise<{ html: string; inlined: string[]; bytes: number }>} the page, the sources
 *   inlined (none when the page stays as it was) and the inline script's length
 * @throws when the page has external page scripts but no meta policy to allow an inline one
 */
export async function inlineScriptsOfPage(html, bundle, limit = INLINE_LIMIT_BYTES) {
  const tags = [...html.matchAll(PAGE_SCRIPT)];
  const unchanged = { html, inlined: [], bytes: 0 };
  if (tags.length === 0) return unchanged;
  const sources = tags.map((tag) => /** @type {string} */ (tag[1]));
  const code = await bundle(sources);
  if (code.length === 0 || code.length > limit || /<\/script/i.test(code)) return unchanged;
  if (!META_POLICY.test(html)) throw new Error('A page with scripts to inline has no Content-Security-Policy meta');
  const digest = createHash('sha256').update(code, 'utf8').digest('base64');
  let first = true;
  const inlined = html.replace(PAGE_SCRIPT, () => {
    if (!first) return '';
    first = false;
    return `<script type="module">${code}</script>`;
  });
  return {
    html: inlined.replace(META_POLICY, (_, start, sources) => `${start}${sources.trimEnd()} 'sha256-${digest}'`),
    inlined: sources,
    bytes: code.length,
  };
}

/**
 * Inlines the page scripts of every prebuilt HTML page under `clientDir`.
 * @param {string} clientDir
 * @returns {Promise<{ pages: number; scripts: number; bytes: number }>} pages rewritten, external
 *   scripts inlined and bytes of inline script written, over all pages
 */
export async function inlinePageScripts(clientDir) {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  /** @type {Map<string, string>} */
  const bundles = new Map();
  /** @param {string[]} sources */
  const bundle = async (sources) => {
    const key = sources.join('\n');
    const cached = bundles.get(key) ?? (await bundlePageScripts(clientDir, sources));
    bundles.set(key, cached);
    return cached;
  };
  let pages = 0;
  let scripts = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const result = await inlineScriptsOfPage(await readFile(file, 'utf8'), bundle);
    if (result.inlined.length === 0) continue;
    await writeFile(file, result.html);
    pages++;
    scripts += result.inlined.length;
    bytes += result.bytes;
  }
  return { pages, scripts, bytes };
}
