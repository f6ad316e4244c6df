/**
 * The browser reaches the API only through the typed client (docs/product.md#api): no browser
 * source writes an API address by hand. It scans src/ (less the server, the tests, the typed
 * client lib/api.ts and the checked paths of lib/api-paths.ts) for a string or template literal
 * that starts with the API's prefix, and fails naming each file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SRC = join(ROOT, 'src');

/** The modules that may write the API's addresses: the typed client and its checked paths. */
const ALLOWED = new Set(['src/islands/lib/api.ts', 'src/islands/lib/api-paths.ts']);
/** A quote, a double quote or a backtick, then the API's prefix. */
const API_LITERAL = /['"`]\/api\//;

/** Every browser source file under `dir`, as paths from the project's root. */
function browserSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const name = relative(ROOT, path);
    if (entry.isDirectory()) return name === 'src/server' ? [] : browserSources(path);
    if (!/\.(ts|tsx|astro|js|mjs)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return ALLOWED.has(name) ? [] : [name];
  });
}

describe('API addresses in browser code', () => {
  it('finds browser sources to scan', () => {
    expect(browserSources(SRC)).toContain('src/chat/panel.ts');
  });

  it('come only from the typed client: no hand-written API address outside lib/api.ts and lib/api-paths.ts', () => {
    const found = browserSources(SRC).flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (API_LITERAL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
