/**
 * What the TypeScript benchmarks (bench:notify, bench:backlog) share: starting the built server
 * as `npm start` does (scripts/start.mjs over dist-bench/), waiting until it answers, finding its
 * process for memory readings, an SMTP server that receives its emails, and percentiles.
 * Measurements, not tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, '..');

/** Starts `scripts/start.mjs --out-dir dist-bench` with `env` (it builds first when the build is stale). */
export function startBenchServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--out-dir', 'dist-bench'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once `GET {base}/api/health` answers 2xx; throws after 240 s. */
export async function waitForServer(base: string): Promise<void> {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start within 240 s');
}

/** The server process: the child of the start script `starter`. Throws when there is none. */
export function serverPidOf(starter: ChildProcess): number {
  const children = readFileSync(`/proc/${starter.pid}/task/${starter.pid}/children`, 'utf8').trim().split(/\s+/);
  const pid = Number(children[0]);
  if (!pid) throw new Error('The server process was not found');
  return pid;
}

/** Resident memory (VmRSS) of process `pid`, in MiB. */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

/** The `p`-th percentile (0–100) of ascending `sorted` values; NaN for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * An SMTP server on a free loopback port that accepts every message and hands its raw text to
 * `onMessage`; resolves with its `url` for SMTP_URL and `close()`. Nothing is parsed or kept, so
 * the benchmark's own cost stays small beside the server's.
 */
export async function startSmtpSink(onMessage: (raw: string) => void) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        onMessage(raw);
        callback();
      });
    },
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => smtp.close(() => done())),
  };
}
