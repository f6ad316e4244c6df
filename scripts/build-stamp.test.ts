import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INPUTS } from './build-stamp.mjs';

describe('the build fingerprint', () => {
  it('covers every local module the post-build integration runs, so changing one rebuilds on start', () => {
    const integration = readFileSync(new URL('./server-entry-integration.mjs', import.meta.url), 'utf8');
    const local = [...integration.matchAll(/from '\.\/([\w.-]+\.mjs)'/g)].map((m) => `scripts/${m[1]}`);
    expect(local.length).toBeGreaterThan(0);
    for (const file of local) expect(INPUTS).toContain(file);
  });
});
