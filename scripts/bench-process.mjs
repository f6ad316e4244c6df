// @ts-check
/**
 * What several benchmark scripts share about the server they start (bench:soak, bench:admin,
 * bench:chat): the server process behind `npm start`, its resident memory, and a staff session
 * made as a newcomer makes one.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The server process started by `npm start`'s process `starterPid` (its first child).
 * @param {number | undefined} starterPid
 * @returns {number}
 * @throws when the starter has no child yet
 */
export function serverPid(starterPid) {
  const children = readFileSync(`/proc/${starterPid}/task/${starterPid}/children`, 'utf8').trim().split(/\s+/);
  const pid = Number(children[0]);
  if (!pid) throw new Error('The server process was not found');
  return pid;
}

/**
 * The resident memory (VmRSS) of process `pid`, in MiB, with one decimal.
 * @param {number} pid
 */
export function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 102.4) / 10;
}

/**
 * Signs `email` in as a newcomer does: `npm run admin:link` (with `env`, the server's settings)
 * prints a one-time link whose token POST /api/admin/auth/link on `base` exchanges for the
 * session cookie.
 * @param {string} base @param {NodeJS.ProcessEnv} env @param {string} email
 * @returns {Promise<string>} the `admin_session` token
 * @throws when no link is printed or the sign-in fails
 */
export async function staffSessionToken(base, env, email) {
  // Run without blocking this process: while a synchronous child ran, the event loop could not
  // see the server close an idle keep-alive connection (after 5 s), and the POST below went out
  // on that closed socket ("fetch failed", other side closed).
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'admin-link.ts'), email],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let errors = '';
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => (errors += chunk.toString()));
  await new Promise((resolve) => child.once('close', resolve));
  const link = /#link=(\S+)/.exec(output)?.[1];
  if (!link) throw new Error(`admin:link printed no link:\n${output}${errors}`);
  const response = await fetch(`${base}/api/admin/auth/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ token: link }),
  });
  if (!response.ok) throw new Error(`Staff sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('admin_session='));
  const token = cookie?.split(';')[0]?.slice('admin_session='.length);
  if (!token) throw new Error('Staff sign-in set no admin_session cookie');
  return token;
}

/**
 * Reads a Server-Sent Events stream to its end, calling `onData(data, receivedAt)` with the parsed
 * `data:` JSON of each event named `eventName` and the `performance.now()` of the chunk that
 * brought it (milliseconds).
 * @param {Response} response @param {string} eventName @param {(data: any, at: number) => void} onData
 */
export async function readEvents(response, eventName, onData) {
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const at = performance.now();
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      if (!block.includes(`event: ${eventName}`)) continue;
      const data = block.find((line) => line.startsWith('data: '));
      if (data) onData(JSON.parse(data.slice(6)), at);
    }
  }
}
