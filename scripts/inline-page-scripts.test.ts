import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlePageScripts, inlineScriptsOfPage, INLINE_LIMIT_BYTES } from './inline-page-scripts.mjs';
import { inlineScriptHashes } from './page-csp.mjs';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'";
const page = (body: string, policy = POLICY) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${policy}"><title>t</title></head><body>${body}</body></html>`;

// A built client folder as Astro writes it: two page scripts sharing a chunk with an island.
const dir = mkdtempSync(join(tmpdir(), 'inline-scripts-'));
mkdirSync(join(dir, '_astro'));
writeFileSync(
  join(dir, '_astro', 'shared.X1.js'),
  'function e(){window.__order=(window.__order||[]).concat("shared")}export{e as t};',
);
writeFileSync(join(dir, '_astro', 'nav.A1.js'), 'import{t as e}from"./shared.X1.js";e();window.__order.push("nav");');
writeFileSync(join(dir, '_astro', 'page.B1.js'), 'import{t as e}from"./shared.X1.js";e();window.__order.push("page");');
writeFileSync(join(dir, '_astro', 'closing.C1.js'), 'document.body.append("</script>");');
writeFileSync(join(dir, '_astro', 'panel.P1.js'), 'export function openChat(){window.__order.push("CHAT PANEL CODE")}');
writeFileSync(
  join(dir, '_astro', 'opener.O1.js'),
  'document.addEventListener("click",()=>import("./panel.P1.js").then((m)=>m.openChat()));window.__order=["opener"];',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bundle = (sources: string[]) => bundlePageScripts(dir, sources);
const NAV = '<script type="module" src="/_astro/nav.A1.js"></script>';
const PAGE = '<script type="module" src="/_astro/page.B1.js"></script>';

/** Runs an inline module's text as the browser would run it, in order, and returns window.__order. */
function run(code: string): string[] {
  const window: { __order?: string[] } = {};
  new Function('window', code)(window);
  return window.__order ?? [];
}

describe('inlineScriptsOfPage', () => {
  it("replaces a page's external scripts by one inline module that runs them in order, with what they import", async () => {
    const html = page(`<header>${NAV}</header><main><p>Hello</p></main>${PAGE}`);
    const result = await inlineScriptsOfPage(html, bundle);
    expect(result.inlined).toEqual(['/_astro/nav.A1.js', '/_astro/page.B1.js']);
    expect(result.html).not.toContain('src="/_astro/');
    const scripts = [...result.html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    const code = scripts[0] ?? '';
    expect(result.html.indexOf('<script type="module">')).toBeLessThan(result.html.indexOf('<main>'));
    expect(code).not.toMatch(/\bimport\b/);
    expect(run(code)).toEqual(['shared', 'nav', 'shared', 'page']);
    expect(result.bytes).toBe(code.length);
  });

  it("adds the inline module's hash to the meta policy's script-src and changes nothing else", async () => {
    const html = page(`${NAV}<p>Hello</p>`);
    const result = await inlineScriptsOfPage(html, bundle);
    const [code = ''] = [...result.html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(result.html).toContain(`script-src 'self' 'sha256-abc=' ${hash(code)}; style-src 'self' 'unsafe-inline'`);
    expect([...inlineScriptHashes(result.html)]).toEqual([hash(code)]);
    expect(result.html.replace(/<script type="module">[\s\S]*?<\/script>/, NAV).replace(` ${hash(code)}`, '')).toBe(
      html,
    );
  });

  it('bundles the scripts into one external file when their bundle is over the limit', async () => {
    const html = page(`<header>${NAV}</header><main><p>Hello</p></main>${PAGE}`);
    const code = 'x'.repeat(INLINE_LIMIT_BYTES + 1);
    const big = await inlineScriptsOfPage(html, async () => code);
    const name = `page.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
    expect(big).toEqual({
      html: page(`<header><script type="module" src="/_astro/${name}"></script></header><main><p>Hello</p></main>`),
      inlined: [],
      bytes: 0,
      external: { name, code },
    });
  });

  it('bundles them into one external file when inline they would push the compressed page past the first window', async () => {
    // Text that does not compress: about 20 KB once compressed.
    const filler = randomBytes(15_000).toString('base64');
    const html = page(`${NAV}<main><p>${filler}</p></main>${PAGE}`);
    const result = await inlineScriptsOfPage(html, bundle);
    expect(result.inlined).toEqual([]);
    expect(result.external?.name).toMatch(/^page\.[0-9a-f]{10}\.js$/);
    expect(run(result.external?.code ?? '')).toEqual(['shared', 'nav', 'shared', 'page']);
    expect(result.html).toContain(`<script type="module" src="/_astro/${result.external?.name}"></script><main>`);
    expect(result.html).not.toContain('nav.A1.js');
    expect(result.html).not.toContain('page.B1.js');
    expect(result.html).not.toMatch(/<script type="module">/);
    // The same page with little text keeps its scripts inline.
    expect((await inlineScriptsOfPage(page(`${NAV}<main><p>Hello</p></main>${PAGE}`), bundle)).inlined).toHaveLength(2);
    // And a window wide enough for the whole page inlines them too.
    expect((await inlineScriptsOfPage(html, bundle, { windowBytes: 100_000 })).inlined).toHaveLength(2);
  });

  it('leaves a module imported on demand as its own file, named by its absolute path', async () => {
    const code = await bundle(['/_astro/opener.O1.js']);
    expect(code).toContain('import("/_astro/panel.P1.js")');
    expect(code).not.toContain('CHAT PANEL CODE');
  });

  it('keeps the scripts as they are when their bundle holds a closing script tag', async () => {
    const closing = page('<script type="module" src="/_astro/closing.C1.js"></script>');
    expect(await inlineScriptsOfPage(closing, async () => 'document.write("</script>")')).toEqual({
      html: closing,
      inlined: [],
      bytes: 0,
    });
    // The bundler itself writes a closing tag in a string as `<\/script`, so such a script is inlined whole.
    const escaped = await inlineScriptsOfPage(closing, bundle);
    expect(escaped.inlined).toEqual(['/_astro/closing.C1.js']);
    expect(escaped.html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('leaves a page without external scripts as it is, and refuses one with no policy to allow the inline one', async () => {
    const plain = page('<script type="module">console.log(1)</script>');
    expect(await inlineScriptsOfPage(plain, bundle)).toEqual({ html: plain, inlined: [], bytes: 0 });
    const bare = `<!doctype html><html><head></head><body>${NAV}</body></html>`;
    await expect(inlineScriptsOfPage(bare, bundle)).rejects.toThrow(/no Content-Security-Policy/);
  });
});
