import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../src/shared/icon-names.ts';
import { SPRITE_PATH, spriteMarkup } from './icons.ts';

/** The text of every source file that may draw an icon (components, pages, layouts, islands). */
async function sourceTexts(): Promise<string> {
  const entries = await readdir('src', { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.(astro|tsx|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.endsWith(join('shared', 'icon-names.ts')));
  return (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
}

describe('the icon sprite', () => {
  it('holds exactly the icons of ICON_NAMES, as Lucide draws them (`npm run icons` writes it)', async () => {
    const committed = await readFile(SPRITE_PATH, 'utf8');
    expect(committed, 'src/assets/icons.svg is out of date: run `npm run icons`').toBe(await spriteMarkup(ICON_NAMES));
    expect([...committed.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])).toEqual([...ICON_NAMES]);
  });

  it('draws a symbol from the icon data: elements and attributes, no React key', async () => {
    const markup = await spriteMarkup(['check', 'alert-triangle']);
    expect(markup).toContain('<symbol id="check" viewBox="0 0 24 24"><path d="M20 6 9 17l-5-5"/></symbol>');
    // An alias is followed to the icon it names.
    expect(markup).toMatch(/<symbol id="alert-triangle" viewBox="0 0 24 24"><path d="m21\.73 18-8-14/);
    expect(markup).not.toContain('key=');
  });

  it("draws the star rating's mask (src/styles/theme.css) with the sprite's own star", async () => {
    const star = /<symbol id="star"[^>]*><path d="([^"]+)"\/>/.exec(await readFile(SPRITE_PATH, 'utf8'))?.[1];
    expect(star).toBeTruthy();
    expect(await readFile('src/styles/theme.css', 'utf8')).toContain(`d='${star}'`);
  });

  it('refuses a name Lucide does not have', async () => {
    await expect(spriteMarkup(['no-such-icon-here'])).rejects.toThrow();
  });

  it('has no icon that no source uses', async () => {
    const text = await sourceTexts();
    const unused = ICON_NAMES.filter((name) => !text.includes(`'${name}'`) && !text.includes(`"${name}"`));
    expect(unused).toEqual([]);
  });
});
