// @ts-check
/**
 * Per-page CSS pruning, run after `astro build` (docs/product.md#performance, and
 * docs/decisions/0016-per-page-css.md).
 *
 * Every public page inlines the whole public stylesheet (about 70 KB): each page carries the rules
 * of every other page. On a phone the browser parses all of it before the first paint. This step
 * rewrites each prebuilt page's inline `<style>` elements to keep only the rules whose selectors
 * can match something that page can ever show: the page's HTML plus the text of every JavaScript
 * chunk the page can load (its scripts and islands, followed through their static and dynamic
 * imports), since an island or a script may add a class, an element or an attribute later.
 * Matching is PurgeCSS's; the candidate words are taken from that text generously (a rule is kept
 * when in doubt).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { load } from 'cheerio';
import { init, parse } from 'es-module-lexer';
import postcss from 'postcss';
import { PurgeCSS } from 'purgecss';

/**
 * The cascade layers pruned: Tailwind's utilities and the project's components, all class
 * selectors. The base layer (element defaults, `[hidden]`, `:focus-visible`), the theme's custom
 * properties and rules outside layers are kept whole: selectors without a class are not PurgeCSS's
 * strength, and they are few.
 */
const PRUNED_LAYERS = new Set(['utilities', 'components']);

/** Where Astro writes the client bundle: `/_astro/name.hash.js` in a page, `_astro/` on disk. */
const CHUNK_URL = /\/_astro\/[\w.-]+\.js/g;

/**
 * The words a rule may be looking for in `text`: class names as Tailwind writes them
 * (`md:grid-cols-2`, `w-[min(36rem,calc(100vw-2rem))]`, `data-[state=open]:block`), and every
 * plain word (tag, attribute names and values such as `data-state` and `open`).
 * @param {string} text
 * @returns {string[]}
 */
export function candidateWords(text) {
  return [...(text.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? []), ...(text.match(/[\w-]+/g) ?? [])];
}

/**
 * The text of every JavaScript chunk reachable from `html`: the `/_astro/*.js` files it names
 * (module scripts, island components and renderers, client directives) and, transitively, what
 * those import (statically or by a literal dynamic `import()`).
 * @param {string} html
 * @param {string} clientDir the build's client directory (holding `_astro/`)
 * @param {Map<string, Promise<string>>} cache chunk file → its text, shared across pages
 * @returns {Promise<string[]>}
 * @throws when a named chunk is missing from the build (a broken page is not to be shipped quietly)
 */
export async function reachableChunks(html, clientDir, cache) {
  await init;
  const seen = new Set();
  const texts = [];
  const queue = [...new Set(html.match(CHUNK_URL) ?? [])].map((url) => url.slice('/_astro/'.length));
  while (queue.length > 0) {
    const name = /** @type {string} */ (queue.shift());
    if (seen.has(name)) continue;
    seen.add(name);
    let text = cache.get(name);
    if (!text) {
      text = readFile(join(clientDir, '_astro', name), 'utf8');
      cache.set(name, text);
    }
    const source = await text;
    texts.push(source);
    const [imports] = parse(source);
    for (const spec of imports) {
      const target = spec.n;
      if (!target) continue;
      const file = target.split('/').pop() ?? '';
      if (file.endsWith('.js') && (target.startsWith('./') || target.startsWith('/_astro/'))) queue.push(file);
    }
  }
  return texts;
}

/**
 * Keeps, in the utilities and components layers of every inline `<style>` of `html`, the rules
 * that can apply to `html` or to `scripts`; everything else in the stylesheet stays as it is.
 * @param {string} html a whole page
 * @param {string[]} scripts the text of the JavaScript the page can load
 * @returns {Promise<{ html: string; before: number; after: number }>} the page with its styles
 *   pruned, and the inline CSS's length (characters) before and after
 */
export async function prunePageHtml(html, scripts) {
  const $ = load(html);
  const styles = $('style')
    .map((_, element) => $(element).text())
    .get()
    .filter((css) => css.trim() !== '');
  if (styles.length === 0) return { html, before: 0, after: 0 };
  // The page without its stylesheet: every selector written there would otherwise count as used.
  $('style').remove();
  const content = [{ raw: $.html(), extension: 'html' }, ...scripts.map((raw) => ({ raw, extension: 'js' }))];
  const roots = styles.map((css) => postcss.parse(css));
  /** @type {import('postcss').AtRule[]} */
  const layers = [];
  for (const root of roots) {
    root.walkAtRules('layer', (rule) => {
      if (rule.nodes && PRUNED_LAYERS.has(rule.params.trim())) layers.push(rule);
    });
  }
  const results = await new PurgeCSS().purge({
    content,
    css: layers.map((layer) => ({ raw: layer.nodes?.map(String).join('') ?? '' })),
    defaultExtractor: candidateWords,
    keyframes: false,
    fontFace: false,
    variables: false,
  });
  layers.forEach((layer, i) => {
    const kept = results[i]?.css;
    if (kept === undefined) return;
    layer.removeAll();
    layer.append(postcss.parse(kept).nodes);
  });
  const pageText = [content[0]?.raw ?? '', ...scripts].join('\n');
  for (const root of roots) dropUnusedRegisteredProperties(root, pageText);
  let pruned = html;
  let before = 0;
  let after = 0;
  styles.forEach((css, i) => {
    const kept = roots[i]?.toString() ?? css;
    before += css.length;
    after += kept.length;
    pruned = pruned.replace(css, () => kept);
  });
  return { html: pruned, before, after };
}

/** Whether `node` sits in an `@property` rule or in Tailwind's `@layer properties` fallback. */
function inPropertyRegistration(/** @type {import('postcss').Node} */ node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type !== 'atrule') continue;
    const rule = /** @type {import('postcss').AtRule} */ (parent);
    if (rule.name === 'property' || (rule.name === 'layer' && rule.params.trim() === 'properties')) return true;
  }
  return false;
}

/**
 * Removes, in place, the registrations of custom properties nothing on the page uses: Tailwind
 * registers each `--tw-*` property its utilities need with an `@property` rule (CSS Properties and
 * Values API Level 1) and sets its initial value again in `@layer properties` for browsers without
 * `@property`. After the utilities are pruned, most of those registrations belong to rules the page
 * no longer has. A property is kept when any remaining rule sets or reads it, or when its name
 * appears in `pageText` (the page's HTML and scripts: a `style` attribute may set it).
 * @param {import('postcss').Root} root
 * @param {string} pageText
 */
export function dropUnusedRegisteredProperties(root, pageText) {
  /** @type {Set<string>} */
  const used = new Set();
  root.walkDecls((declaration) => {
    if (inPropertyRegistration(declaration)) return;
    if (declaration.prop.startsWith('--')) used.add(declaration.prop);
    for (const match of declaration.value.matchAll(/var\(\s*(--[\w-]+)/g)) used.add(/** @type {string} */ (match[1]));
  });
  const isUsed = (/** @type {string} */ name) => used.has(name) || pageText.includes(name);
  root.walkAtRules('property', (rule) => {
    if (!isUsed(rule.params.trim())) rule.remove();
  });
  root.walkAtRules('layer', (layer) => {
    if (layer.params.trim() !== 'properties') return;
    layer.walkDecls((declaration) => {
      if (declaration.prop.startsWith('--') && !isUsed(declaration.prop)) declaration.remove();
    });
    layer.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
  });
}

/**
 * Prunes the inline CSS of every prebuilt HTML page under `clientDir`, except those whose path
 * (`/portal/index.html`) matches `skip`.
 * @param {string} clientDir
 * @param {{ skip?: RegExp }} [options]
 * @returns {Promise<{ pages: number; before: number; after: number }>} pages rewritten and the
 *   total inline CSS length (characters) before and after
 */
export async function prunePageStyles(clientDir, { skip } = {}) {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  /** @type {Map<string, Promise<string>>} */
  const cache = new Map();
  let pages = 0;
  let before = 0;
  let after = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const path = `/${relative(clientDir, file).split(sep).join('/')}`;
    if (skip?.test(path)) continue;
    const html = await readFile(file, 'utf8');
    const result = await prunePageHtml(html, await reachableChunks(html, clientDir, cache));
    if (result.after === result.before) continue;
    await writeFile(file, result.html);
    pages++;
    before += result.before;
    after += result.after;
  }
  return { pages, before, after };
}
