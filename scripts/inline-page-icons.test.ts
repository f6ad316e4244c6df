import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineIconsOfPage, spriteSymbols } from './inline-page-icons.mjs';

const SPRITE_PATH = '/_astro/icons.Ab1-x.svg';
const sprite = readFileSync('src/assets/icons.svg', 'utf8');
const symbols = spriteSymbols(sprite);
const symbolsOf = async (path: string) => {
  if (path !== SPRITE_PATH) throw new Error(`no sprite at ${path}`);
  return symbols;
};

const icon = (name: string) => `<svg class="icon" aria-hidden="true"><use href="${SPRITE_PATH}#${name}"></use></svg>`;
const page = (head: string, body: string) =>
  `<!doctype html><html><head><title>t</title>${head}</head><body class="min-h-screen">${body}</body></html>`;
const COVER = '<img src="/_astro/cover.avif" alt="" fetchpriority="high">';

describe('spriteSymbols', () => {
  it('reads every symbol of the sprite by id, whole', () => {
    expect(symbols.size).toBe([...sprite.matchAll(/<symbol /g)].length);
    expect(symbols.get('mail')).toMatch(/^<symbol id="mail" viewBox="0 0 24 24">.*<\/symbol>$/);
  });
});

describe('inlineIconsOfPage', () => {
  it('on a page with a high-priority image, draws each icon from one in-page copy of its symbol', async () => {
    const html = page('', `${COVER}<nav>${icon('mail')}${icon('phone')}</nav><footer>${icon('mail')}</footer>`);
    const result = await inlineIconsOfPage(html, symbolsOf);
    expect(result.symbols).toBe(2);
    expect(result.html).not.toContain(SPRITE_PATH);
    expect([...result.html.matchAll(/<use href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '#icon-mail',
      '#icon-phone',
      '#icon-mail',
    ]);
    // One hidden container first in the body, holding the sprite's own drawing under the new id.
    expect(result.html).toContain(
      `<body class="min-h-screen"><svg class="icon-symbols" aria-hidden="true">${symbols
        .get('mail')!
        .replace(
          'id="mail"',
          'id="icon-mail"',
        )}${symbols.get('phone')!.replace('id="phone"', 'id="icon-phone"')}</svg>`,
    );
    expect([...result.html.matchAll(/<symbol /g)]).toHaveLength(2);
  });

  it('counts a preloaded high-priority image as the page asking for one', async () => {
    const head = '<link rel="preload" as="image" href="/_astro/hero.avif" fetchpriority="high">';
    const result = await inlineIconsOfPage(page(head, icon('clock')), symbolsOf);
    expect(result.html).toContain('<use href="#icon-clock"');
  });

  it('leaves a page without a high-priority image on the cached sprite', async () => {
    const html = page('', `<img src="/a.avif" alt="" loading="lazy">${icon('mail')}`);
    expect(await inlineIconsOfPage(html, symbolsOf)).toEqual({ html, symbols: 0 });
  });

  it('leaves a page that draws no icon as it was', async () => {
    const html = page('', COVER);
    expect(await inlineIconsOfPage(html, symbolsOf)).toEqual({ html, symbols: 0 });
  });

  it('fails the build when the page draws a symbol the sprite lacks', async () => {
    await expect(inlineIconsOfPage(page('', `${COVER}${icon('no-such-icon')}`), symbolsOf)).rejects.toThrow(
      /"no-such-icon", which the sprite .* does not hold/,
    );
  });
});
