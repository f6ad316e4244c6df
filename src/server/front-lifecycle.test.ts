/**
 * The front door while the process starts and stops (docs/product.md#restarts,
 * docs/decisions/0021-drain-before-closing.md), and its count of requests in flight, which the
 * shutdown waits on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFront } from './front.ts';
import { setPhase } from './lifecycle.ts';

let server: http.Server;
let base: string;
let front: ReturnType<typeof createFront>;
const apiCalls: string[] = [];
let releaseSlow: () => void = () => {};

beforeAll(async () => {
  front = createFront({
    env: { TRUST_PROXY: false },
    pageHeaders: {},
    // No prebuilt file: every page goes to the stand-in for Astro.
    static: (_req, _res, next) => next(),
    policyFor: () => undefined,
    api: (req, res) => {
      apiCalls.push(`${req.method} ${req.url}`);
      if (req.url === '/api/slow') {
        releaseSlow = () => res.end('{"slow":true}');
        return;
      }
      if (req.url === '/api/client/stream') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('data: hello\n\n');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    },
    astro: (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>rendered</p>');
    },
  });
  server = http.createServer(front.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => setPhase('ready'));

/** A request over a new connection, resolving status, headers and body. */
function request(path: string, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('starting and stopping', () => {
  it('answers 503 with Retry-After while starting, and readiness says which', async () => {
    setPhase('starting');
    const page = await request('/about');
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    const ready = await request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'starting' });
    expect(apiCalls.includes('GET /api/health/ready')).toBe(false);
  });

  it('while stopping, answers readiness 503 and serves every other request, each closing its connection', async () => {
    setPhase('stopping');
    const ready = await request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'stopping' });
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.headers.connection).toBe('close');

    const api = await request('/api/contact', 'POST');
    expect(api.status).toBe(200);
    expect(apiCalls.at(-1)).toBe('POST /api/contact');
    expect(api.headers.connection).toBe('close');
    const page = await request('/about');
    expect(page.status).toBe(200);
    expect(page.body).toBe('<p>rendered</p>');
    expect(page.headers.connection).toBe('close');
  });

  it('counts a request in flight until it is answered, event streams apart', async () => {
    // The answers of the tests before have all been sent; their 'close' may come a moment later.
    await expect.poll(() => front.inFlight()).toBe(0);
    const stream = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/api/client/stream`, resolve));
    expect(front.inFlight()).toBe(0);
    const slow = request('/api/slow');
    await expect.poll(() => front.inFlight()).toBe(1);
    releaseSlow();
    expect((await slow).body).toBe('{"slow":true}');
    await expect.poll(() => front.inFlight()).toBe(0);
    stream.destroy();
  });
});
