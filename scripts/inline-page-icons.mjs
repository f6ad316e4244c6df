// @ts-check
/**
 * Icons in the page where its largest paint is an image, run after `astro build`
 * (docs/decisions/0028-shared-stylesheet-and-icon-sprite.md, docs/product.md#performance).
 *
 * Every page draws its icons from one cached sprite, `<use href="/_astro/icons.<hash>.svg#name">`.
 * On a page that asks for a high-priority image (an article's cover, a case study's hero, the
 * first card of /work), that sprite is a second request competing with the image on a phone's new
 * connection, and the first paint waits for both: measured with Lighthouse's simulated phone, an
 * article's LCP was about 1,055 ms with the sprite and about 905 ms without it.
 *
 * So on such a page this step copies the symbols the page's HTML draws into one hidden `<svg>` at
 * the start of `<body>` (ids prefixed `icon-`, so no page id can clash) and points its `<use>`
 * elements at them (`#icon-name`). The islands' icon (src/islands/lib/icon.tsx) looks for that
 * in-page symbol first, so hydration finds what the server wrote; an icon an island draws later
 * (in a dialog) still comes from the sprite, which is fetched then and cached for other pages.
 * Pages without a high-priority image keep the sprite: it is cached across pages and costs their
 * text paint nothing.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The prefix of an in-page symbol's id: the sprite's `mail` is `icon-mail` in the page. */
export const IN_PAGE_ID_PREFIX = 'icon-';

/** A `<use>` of the sprite as the build writes it: the sprite's path and the symbol's id. */
const SPRITE_USE = /<use href="(\/_astro\/icons\.[\w-]+\.svg)#([\w-]+)"/g;
/** A page whose first paint waits on an image asks for it (or preloads it) at high priority. */
const HIGH_PRIORITY_IMAGE = /\sfetchpriority="high"/;
/** A sprite's symbol: its id and its whole element. */
const SYMBOL = /<symbol id="([\w-]+)"[^>]*>[\s\S]*?<\/symbol>/g;

/**
 * The symbols of a sprite, by id.
 * @param {string} sprite the sprite's SVG text (src/assets/icons.svg as built)
 * @returns {Map<string, string>} each `<symbol …>…</symbol>` element, by its id
 */
export function spriteSymbols(sprite) {
  return new Map([...sprite.matchAll(SYMBOL)].map((m) => [m[1] ?? '', m[0]]));
}

/**
 * One page with its sprite icons drawn from symbols in the page, when the page asks for a
 * high-priority image; otherwise unchanged.
 * @param {string} html the page as the build wrote it
 * @param {(path: string) => Promise<Map<string, string>>} symbolsOf the symbols of the sprite at a
 *   path such as `/_astro/icons.abc.svg`
 * @returns {Promise<{ html: string; symbols: number }>} the page, and how many symbols it now holds
 *   (0 when unchanged)
 * @throws {Error} when the page draws a symbol its sprite does not hold (a build fault: the sprite
 *   is written from the same names the components use)
 */
export async function inlineIconsOfPage(html, symbolsOf) {
  if (!HIGH_PRIORITY_IMAGE.test(html)) return { html, symbols: 0 };
  const uses = [...html.matchAll(SPRITE_USE)];
  if (uses.length === 0) return { html, symbols: 0 };
  /** @type {Map<string, string>} in-page symbols by sprite id, in first-use order */
  const inPage = new Map();
  for (const [, path = '', id = ''] of uses) {
    if (inPage.has(id)) continue;
    const symbol = (await symbolsOf(path)).get(id);
    if (!symbol) throw new Error(`the page draws "${id}", which the sprite ${path} does not hold`);
    inPage.set(id, symbol.replace(`<symbol id="${id}"`, `<symbol id="${IN_PAGE_ID_PREFIX}${id}"`));
  }
  const body = html.match(/<body[^>]*>/);
  if (!body || body.index === undefined) return { html, symbols: 0 };
  const at = body.index + body[0].length;
  const symbols = `<svg class="icon-symbols" aria-hidden="true">${[...inPage.values()].join('')}</svg>`;
  const rewritten = (html.slice(0, at) + symbols + html.slice(at)).replace(
    SPRITE_USE,
    (_, _path, id) => `<use href="#${IN_PAGE_ID_PREFIX}${id}"`,
  );
  return { html: rewritten, symbols: inPage.size };
}

/**
 * Draws the icons of every prebuilt HTML page under `clientDir` that asks for a high-priority
 * image from symbols in the page (see inlineIconsOfPage).
 * @param {string} clientDir the build's client output (dist/client)
 * @returns {Promise<{ pages: number; symbols: number }>} pages changed, and symbols written over all
 */
export async function inlinePageIcons(clientDir) {
  /** @type {Map<string, Map<string, string>>} */
  const sprites = new Map();
  /** @param {string} path */
  const symbolsOf = async (path) => {
    const cached = sprites.get(path) ?? spriteSymbols(await readFile(join(clientDir, path), 'utf8'));
    sprites.set(path, cached);
    return cached;
  };
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  let pages = 0;
  let symbols = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const result = await inlineIconsOfPage(await readFile(file, 'utf8'), symbolsOf);
    if (result.symbols === 0) continue;
    await writeFile(file, result.html);
    pages++;
    symbols += result.symbols;
  }
  return { pages, symbols };
}
