// @ts-check
/**
 * The build fingerprint: a SHA-256 over every file the build reads (src, public, db/schema,
 * db/migrations, the post-build scripts, config and lock files) and the build-time variables
 * (SITE_URL, PUBLIC_* and the RETENTION_* periods the Privacy Policy states).
 * `npm start` rebuilds when the fingerprint differs from the one saved in `<outDir>/.build-stamp`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the build reads, relative to the repository root (files, or folders walked whole). */
export const INPUTS = [
  'src',
  'public',
  'db/schema',
  'db/migrations',
  // The build's own steps after `astro build` (the integration and the modules it runs).
  'scripts/server-entry-integration.mjs',
  'scripts/page-csp.mjs',
  'scripts/inline-page-scripts.mjs',
  'scripts/inline-page-icons.mjs',
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
];
/** Variables baked into the prebuilt pages. */
export const BUILD_ENV = [
  'SITE_URL',
  'PUBLIC_ANALYTICS_SCRIPT_URL',
  'PUBLIC_ANALYTICS_SITE_ID',
  // The periods the Privacy Policy states (src/components/pages/RetentionPeriods.astro).
  'RETENTION_LEAD_MONTHS',
  'RETENTION_CHAT_MONTHS',
  'RETENTION_LOG_DAYS',
  'RETENTION_BACKUP_DAYS',
  'RETENTION_YEARS_PROJECTS',
];

/** @param {string} path @param {string[]} out */
function walk(path, out) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) walk(join(path, name), out);
  } else {
    out.push(path);
  }
}

/** @param {string} root @param {NodeJS.ProcessEnv} env @returns {string} hex digest */
export function buildFingerprint(root, env) {
  const hash = createHash('sha256');
  /** @type {string[]} */
  const files = [];
  for (const input of INPUTS) walk(join(root, input), files);
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const name of BUILD_ENV) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/** @param {string} outDir */
export function readStamp(outDir) {
  const file = join(outDir, '.build-stamp');
  return existsSync(file) && existsSync(join(outDir, 'server', 'entry.mjs')) ? readFileSync(file, 'utf8').trim() : null;
}

/** @param {string} outDir @param {string} fingerprint */
export function writeStamp(outDir, fingerprint) {
  writeFileSync(join(outDir, '.build-stamp'), `${fingerprint}\n`);
}
