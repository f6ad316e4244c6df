// @ts-check
/**
 * `npm start`: build when dist/ is missing or stale, then serve with `node dist/server/entry.mjs`
 * (which parses the environment, migrates the database and listens). Reads `.env` if present.
 * SIGINT, SIGTERM and SIGHUP are passed on to the server, which stops gracefully; its exit code
 * becomes this one's.
 * Usage: node scripts/start.mjs [--out-dir DIR]
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFingerprint, readStamp, writeStamp } from './build-stamp.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outFlag = process.argv.indexOf('--out-dir');
const outDir = resolve(root, outFlag > 0 ? (process.argv[outFlag + 1] ?? 'dist') : 'dist');

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

const fingerprint = buildFingerprint(root, process.env);
if (readStamp(outDir) !== fingerprint) {
  console.log(
    readStamp(outDir) === null ? 'No build found: building the site…' : 'Sources changed: rebuilding the site…',
  );
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--outDir', outDir], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  writeStamp(outDir, fingerprint);
}

// The IPC channel tells the server when this process is gone (even after a SIGKILL), so that
// stopping `npm start` never leaves a server behind (docs/decisions/0012-serving-and-shutdown.md).
const server = spawn(process.execPath, [join(outDir, 'server', 'entry.mjs')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
// A signal is passed on once; the server then stops gracefully and this process exits with it.
// (Ctrl-C in a terminal reaches both processes; a second Ctrl-C changes nothing.)
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
