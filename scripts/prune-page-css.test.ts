import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import postcss from 'postcss';
import { dropUnusedRegisteredProperties, prunePageHtml, reachableChunks } from './prune-page-css.mjs';

const CSS = [
  '@layer base{:focus-visible{outline:3px solid #3b82f6}[hidden]:where(:not([hidden=until-found])){display:none!important}.not-pruned-base{color:red}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.unused-card{padding:2rem}',
  String.raw`.md\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}`,
  String.raw`.hover\:bg-brand-700:hover{background:#1d4ed8}`,
  String.raw`.w-\[min\(36rem\,calc\(100vw-2rem\)\)\]{width:min(36rem,calc(100vw - 2rem))}`,
  '[data-state=open]{display:block}',
  '[data-never-set]{color:red}',
  'dialog::backdrop{background:#0008}',
  '.toast-visible{opacity:1}',
  '.only-elsewhere{opacity:.5}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false}',
  ':root{--color-brand-700:#1d4ed8}',
].join('');

const page = (body: string) => `<!doctype html><html><head><style>${CSS}</style></head><body>${body}</body></html>`;

describe('prunePageHtml', () => {
  it('keeps the rules the page uses, in every form Tailwind writes them, and drops the rest', async () => {
    const html = page(
      '<div class="flex md:grid-cols-2 hover:bg-brand-700 w-[min(36rem,calc(100vw-2rem))]" data-state="open"><dialog></dialog></div>',
    );
    const result = await prunePageHtml(html, []);
    const css = /<style>([\s\S]*)<\/style>/.exec(result.html)?.[1] ?? '';
    expect(css).toContain('.flex{');
    expect(css).toContain(String.raw`.md\:grid-cols-2{`);
    expect(css).toContain(String.raw`.hover\:bg-brand-700:hover{`);
    expect(css).toContain(String.raw`.w-\[min\(36rem\,calc\(100vw-2rem\)\)\]`);
    expect(css).toContain('[data-state=open]');
    expect(css).toContain('dialog::backdrop');
    expect(css).not.toContain('.unused-card');
    expect(css).not.toContain('[data-never-set]');
    expect(css).not.toContain('.only-elsewhere');
    // The base layer stays whole, as do at-rules that select nothing and custom properties.
    expect(css).toContain(':focus-visible{outline:3px solid #3b82f6}');
    expect(css).toContain('[hidden]:where(:not([hidden=until-found])){display:none!important}');
    expect(css).toContain('.not-pruned-base{color:red}');
    expect(css).toContain('--color-brand-700:#1d4ed8');
    // No remaining rule reads or sets --tw-shadow: its registration goes too.
    expect(css).not.toContain('@property --tw-shadow');
    expect(result.after).toBeLessThan(result.before);
    expect(result.html.replace(css, '')).toBe(html.replace(CSS, ''));
  });

  it('keeps a class that only a script of the page adds later', async () => {
    const html = page('<div class="flex"></div>');
    const withoutScript = await prunePageHtml(html, []);
    const withScript = await prunePageHtml(html, ['el.classList.add("toast-visible")']);
    expect(withoutScript.html).not.toContain('.toast-visible');
    expect(withScript.html).toContain('.toast-visible{opacity:1}');
  });

  it('leaves a page without a style element as it is', async () => {
    const html = '<!doctype html><html><body><p class="flex">Hi</p></body></html>';
    expect(await prunePageHtml(html, [])).toEqual({ html, before: 0, after: 0 });
  });
});

describe('dropUnusedRegisteredProperties', () => {
  const REGISTERED = [
    '@layer utilities{.shadow-sm{--tw-shadow:0 1px 2px #0001;box-shadow:var(--tw-shadow)}.blur{filter:blur(var( --tw-blur))}}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-blur{syntax:"*";inherits:false}',
    '@property --tw-ring-color{syntax:"*";inherits:false}',
    '@property --tw-rotate-x{syntax:"*";inherits:false}',
    '@property --tw-skew-y{syntax:"*";inherits:false}',
    '@layer properties{@supports (x:y){*,:before{--tw-shadow:0 0 #0000;--tw-ring-color:initial;--tw-rotate-x:initial;--tw-skew-y:initial}}}',
  ].join('');

  it('keeps the registrations that a rule sets or reads, or that the page names, and drops the rest', () => {
    const root = postcss.parse(REGISTERED);
    dropUnusedRegisteredProperties(root, '<div style="--tw-rotate-x: 10deg"></div>');
    const css = root.toString();
    expect(css).toContain('@property --tw-shadow{');
    expect(css).toContain('@property --tw-blur{');
    expect(css).toContain('@property --tw-rotate-x{');
    expect(css).not.toContain('@property --tw-ring-color');
    expect(css).not.toContain('@property --tw-skew-y');
    expect(css).toContain('*,:before{--tw-shadow:0 0 #0000;--tw-rotate-x:initial}');
    expect(css).toContain('.shadow-sm{--tw-shadow:0 1px 2px #0001;box-shadow:var(--tw-shadow)}');
  });

  it('removes the fallback rule once none of its properties is left', () => {
    const root = postcss.parse(
      '@property --tw-skew-y{syntax:"*";inherits:false}@layer properties{@supports (x:y){*{--tw-skew-y:initial}}}',
    );
    dropUnusedRegisteredProperties(root, '');
    expect(root.toString()).not.toContain('--tw-skew-y');
    expect(root.toString()).not.toContain('*{');
  });
});

describe('reachableChunks', () => {
  const client = mkdtempSync(join(tmpdir(), 'prune-'));
  mkdirSync(join(client, '_astro'));
  writeFileSync(join(client, '_astro', 'island.a1.js'), 'import{x}from"./shared.b2.js";export default x;');
  writeFileSync(join(client, '_astro', 'shared.b2.js'), 'export const x=()=>import("./dialog.c3.js");');
  writeFileSync(join(client, '_astro', 'dialog.c3.js'), 'export const cls="toast-visible";');
  writeFileSync(join(client, '_astro', 'other.d4.js'), 'export const cls="only-elsewhere";');

  it('follows the page’s chunks through their static and dynamic imports, and no further', async () => {
    const html = '<astro-island component-url="/_astro/island.a1.js"></astro-island>';
    const texts = await reachableChunks(html, client, new Map());
    expect(texts.join('\n')).toContain('toast-visible');
    expect(texts.join('\n')).not.toContain('only-elsewhere');
    expect(texts).toHaveLength(3);
  });

  it('refuses a page that names a chunk the build does not have', async () => {
    await expect(
      reachableChunks('<script type="module" src="/_astro/gone.e5.js"></script>', client, new Map()),
    ).rejects.toThrow(/ENOENT/);
  });
});
