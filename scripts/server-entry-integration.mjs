// @ts-check
/**
 * An Astro integration that, after `astro build`, bundles src/server/main.ts into
 * dist/server/entry.mjs with esbuild (npm packages stay external). Astro's own server bundle is
 * emitted as dist/server/astro-app.mjs (`build.serverEntry`) and imported by it. JSX (the email
 * templates) is compiled for React's automatic runtime.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** @returns {import('astro').AstroIntegration} */
export function serverEntry() {
  /** @type {URL | undefined} */
  let serverDir;
  return {
    name: 'server-entry',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:done': async ({ logger }) => {
        if (!serverDir) return;
        const outfile = fileURLToPath(new URL('entry.mjs', serverDir));
        await build({
          entryPoints: [fileURLToPath(new URL('../src/server/main.ts', import.meta.url))],
          outfile,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node22',
          packages: 'external',
          // The email templates (src/server/emails/*.tsx) are React: JSX through react/jsx-runtime.
          jsx: 'automatic',
          logLevel: 'warning',
        });
        logger.info(`server entry written to ${outfile}`);
      },
    },
  };
}
