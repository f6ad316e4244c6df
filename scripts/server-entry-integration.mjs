// @ts-check
/**
 * An Astro integration that, after `astro build`, bundles src/server/main.ts into
 * dist/server/entry.mjs with esbuild (npm packages stay external), and the backup worker
 * (src/server/ops/backup-worker.ts), which runs in a thread of its own, into
 * dist/server/backup-worker.mjs beside it. Astro's own server bundle is
 * emitted as dist/server/astro-app.mjs (`build.serverEntry`) and imported by it. JSX (the email
 * templates) is compiled for React's automatic runtime.
 *
 * The API lives in that entry only: Astro's bundle renders pages and holds no copy of the server.
 * Under `astro dev`, where there is no entry, the integration injects the endpoint that hands
 * `/api/…` to the API (src/server/dev-bridge.ts); a build never sees it
 * (docs/decisions/0020-one-server-per-process.md).
 *
 * It also writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every
 * compressible prebuilt file of 1 KiB or more in dist/client, which the server hands out as they
 * are (src/server/static-files.ts): compressing once here costs seconds at build time instead of
 * CPU and memory on every request.
 *
 * A page whose largest paint is an image then draws its icons from symbols in the page instead of
 * the sprite, so the image is its only early request (scripts/inline-page-icons.mjs).
 *
 * A page's own scripts are then bundled into one module: inline, with its hash in the page's
 * policy, when small and the page stays within TCP's first window; else one cached file
 * (scripts/inline-page-scripts.mjs).
 *
 * Each page's Content-Security-Policy then keeps only the hashes of its own inline scripts
 * (scripts/page-csp.mjs).
 *
 * And it writes dist/server/page-policies.json: each prebuilt page's file (`/about/index.html`)
 * and the Content-Security-Policy of its `<meta http-equiv>` element, which the server also sends
 * as a header; reading it here spares the server parsing every page at each start.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { load } from 'cheerio';
import { build } from 'esbuild';
import { inlinePageIcons } from './inline-page-icons.mjs';
import { inlinePageScripts } from './inline-page-scripts.mjs';
import { trimScriptHashes } from './page-csp.mjs';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|txt|json|webmanifest|ico|map)$/;
/** Below this size (bytes) a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * The `<meta http-equiv="content-security-policy">` policy of every HTML page under `dir`, by the
 * page's path from `dir` (`/about/index.html`); a page without one is left out.
 * @param {string} dir
 * @returns {Promise<Record<string, string>>}
 */
export async function pageMetaPolicies(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  /** @type {Record<string, string>} */
  const policies = {};
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const meta = load(await readFile(file, 'utf8'))('meta[http-equiv="content-security-policy" i]').attr('content');
    if (meta) policies[`/${relative(dir, file).split(sep).join('/')}`] = meta;
  }
  return policies;
}

/**
 * Writes `.br` and `.gz` beside each compressible file of `dir` (recursively), keeping a copy
 * only when it is smaller than the original. Resolves to the number of files compressed.
 * @param {string} dir
 */
async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: 9 }),
      ]);
      if (br.length < source.length) await writeFile(`${file}.br`, br);
      if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
      count++;
    }),
  );
  return count;
}

/** @returns {import('astro').AstroIntegration} */
export function serverEntry() {
  /** @type {URL | undefined} */
  let serverDir;
  /** @type {URL | undefined} */
  let clientDir;
  return {
    name: 'server-entry',
    hooks: {
      'astro:config:setup': ({ command, injectRoute }) => {
        if (command !== 'dev') return;
        injectRoute({
          pattern: '/api/[...path]',
          entrypoint: new URL('../src/server/dev-bridge.ts', import.meta.url),
          prerender: false,
        });
      },
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!serverDir) return;
        const outdir = fileURLToPath(serverDir);
        await build({
          entryPoints: {
            entry: fileURLToPath(new URL('../src/server/main.ts', import.meta.url)),
            // Backups run in a worker thread, started from this file beside the entry
            // (src/server/ops/backup.ts, docs/decisions/0023-backups-in-a-worker-thread.md).
            'backup-worker': fileURLToPath(new URL('../src/server/ops/backup-worker.ts', import.meta.url)),
          },
          outdir,
          outExtension: { '.js': '.mjs' },
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node22',
          packages: 'external',
          // The email templates (src/server/services/email/templates/*.tsx) are React: JSX through react/jsx-runtime.
          jsx: 'automatic',
          logLevel: 'warning',
        });
        logger.info(`server entry and backup worker written to ${outdir}`);
        if (clientDir) {
          const icons = await inlinePageIcons(fileURLToPath(clientDir));
          logger.info(
            `${icons.symbols} icon symbols written into the ${icons.pages} pages whose first paint is an image`,
          );
          const inlined = await inlinePageScripts(fileURLToPath(clientDir));
          logger.info(
            `${inlined.scripts} page scripts inlined on ${inlined.pages} pages (${Math.round(inlined.bytes / 1024)} KB); ` +
              `${inlined.bundled} pages load theirs as one file`,
          );
          const trimmed = await trimScriptHashes(fileURLToPath(clientDir));
          logger.info(`${trimmed.removed} script hashes no page uses removed from ${trimmed.pages} page policies`);
          const policies = await pageMetaPolicies(fileURLToPath(clientDir));
          await writeFile(fileURLToPath(new URL('page-policies.json', serverDir)), JSON.stringify(policies));
          const count = await precompress(fileURLToPath(clientDir));
          logger.info(
            `${count} prebuilt files compressed (.br and .gz); ${Object.keys(policies).length} page policies`,
          );
        }
      },
    },
  };
}
