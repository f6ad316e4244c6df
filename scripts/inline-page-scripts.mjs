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
 * policy lets exactly this text run. A bundle holding `</script` stays as Astro wrote it.
 *
 * A larger bundle, or one that would push the page's compressed HTML past TCP's first window
 * (`FIRST_WINDOW_HTML_BYTES`), goes to one external module instead, `/_astro/page.<hash>.js`,
 * shared by the pages with the same scripts and cached: on the landing page that kept the HTML in
 * one round trip and its LCP under 1,000 ms (docs/decisions/0028-shared-stylesheet-and-icon-sprite.md).
 *
 * An inlined script carries its own copy of the modules it shares with islands. Page scripts and
 * islands therefore share state through the window or the DOM, never through a module's variables
 * (as src/islands/emergency/events.ts does with its window flags).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';

/** Largest inline bundle, in bytes of minified JavaScript: about 3 KB once compressed. */
export const INLINE_LIMIT_BYTES = 8192;

/**
 * The most Brotli-compressed HTML a page may be and still have its script inline: TCP's first
 * window of ten segments (14,600 bytes, RFC 6928) less about 1,400 bytes of response headers (the
 * Content-Security-Policy is most of them). A page within it arrives in one round trip; the
 * script inline would push a page past it into a second one, which costs more than the script's
 * own request (docs/decisions/0028-shared-stylesheet-and-icon-sprite.md).
 */
export const FIRST_WINDOW_HTML_BYTES = 13_200;

/** @param {string} text @returns {number} its size once Brotli-compressed as the build does */
function brotliSize(text) {
  return brotliCompressSync(Buffer.from(text), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** A page script as Astro writes it. */
const PAGE_SCRIPT = /<script type="module" src="(\/_astro\/[\w.-]+\.js)"><\/script>/g;
/** A `<meta http-equiv="content-security-policy">` element's policy, as Astro writes it. */
const META_POLICY = /(<meta http-equiv="content-security-policy" content="[^"]*script-src)([^;"]*)/i;

/**
 * A module a page script imports on demand (`import('./panel.js')`, such as the chat panel of
 * src/chat/open.ts) stays the file Vite wrote, named by its absolute path: bundled in, its code
 * would be in every page that can open it, before anyone does.
 * @type {import('esbuild').Plugin}
 */
const lazyChunksStayFiles = {
  name: 'lazy-chunks-stay-files',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `/_astro/${basename(args.path)}`, external: true } : undefined,
    );
  },
};

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
    plugins: [lazyChunksStayFiles],
  });
  return (result.outputFiles[0]?.text ?? '').trim();
}

/**
 * `html` with its page scripts as one module: inline (see above), with its hash added to the meta
 * policy, when the bundle is at most `limit` bytes and the page stays within
 * `windowBytes` of compressed HTML; otherwise one external file, `/_astro/page.<hash>.js`, which
 * pages with the same scripts share.
 * @param {string} html
 * @param {(sources: string[]) => Promise<string>} bundle the bundler (bundlePageScripts bound to a folder)
 * @param {{ limit?: number; windowBytes?: number }} [options] largest bundle inlined, in bytes, and
 *   the most compressed HTML a page with an inline script may be
 * @returns {Promise<{ html: string; inlined: string[]; bytes: number; external?: { name: string; code: string } }>}
 *   the page; the sources inlined and the inline script's length; or, when the bundle goes to a
 *   file, its name (under `_astro/`) and text to write. A page without page scripts, or whose
 *   bundle holds `</script`, stays as it was.
 * @throws when the page's scripts are to be inlined but it has no meta policy to allow them
 */
export async function inlineScriptsOfPage(
  html,
  bundle,
  { limit = INLINE_LIMIT_BYTES, windowBytes = FIRST_WINDOW_HTML_BYTES } = {},
) {
  const tags = [...html.matchAll(PAGE_SCRIPT)];
  const unchanged = { html, inlined: [], bytes: 0 };
  if (tags.length === 0) return unchanged;
  const sources = tags.map((tag) => /** @type {string} */ (tag[1]));
  const code = await bundle(sources);
  if (code.length === 0 || /<\/script/i.test(code)) return unchanged;
  /** @param {string} tag */
  const inPlaceOfTheScripts = (tag) => {
    let first = true;
    return html.replace(PAGE_SCRIPT, () => {
      if (!first) return '';
      first = false;
      return tag;
    });
  };
  if (code.length <= limit) {
    if (!META_POLICY.test(html)) throw new Error('A page with scripts to inline has no Content-Security-Policy meta');
    const digest = createHash('sha256').update(code, 'utf8').digest('base64');
    const inlined = inPlaceOfTheScripts(`<script type="module">${code}</script>`).replace(
      META_POLICY,
      (_, start, policySources) => `${start}${policySources.trimEnd()} 'sha256-${digest}'`,
    );
    if (brotliSize(inlined) <= windowBytes) return { html: inlined, inlined: sources, bytes: code.length };
  }
  const name = `page.${createHash('sha256').update(code, 'utf8').digest('hex').slice(0, 10)}.js`;
  return {
    html: inPlaceOfTheScripts(`<script type="module" src="/_astro/${name}"></script>`),
    inlined: [],
    bytes: 0,
    external: { name, code },
  };
}

/**
 * Inlines the page scripts of every prebuilt HTML page under `clientDir`, or bundles them into
 * one external file where inlining would not pay (see inlineScriptsOfPage).
 * @param {string} clientDir
 * @returns {Promise<{ pages: number; scripts: number; bytes: number; bundled: number }>} pages
 *   with inline scripts, external scripts inlined and bytes of inline script written, over all
 *   pages, and pages whose scripts went to one external file instead
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
  let bundled = 0;
  /** @type {Set<string>} */
  const written = new Set();
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const result = await inlineScriptsOfPage(await readFile(file, 'utf8'), bundle);
    if (result.external) {
      // Pages with the same scripts share the file: written once.
      if (!written.has(result.external.name)) {
        await writeFile(join(clientDir, '_astro', result.external.name), result.external.code);
        written.add(result.external.name);
      }
      await writeFile(file, result.html);
      bundled++;
      continue;
    }
    if (result.inlined.length === 0) continue;
    await writeFile(file, result.html);
    pages++;
    scripts += result.inlined.length;
    bytes += result.bytes;
  }
  return { pages, scripts, bytes, bundled };
}
