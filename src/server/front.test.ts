import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogLines, expectConsoleErrors } from '../../tests/setup/console.ts';
import { pageMetaPolicies } from '../../scripts/server-entry-integration.mjs';
import { createFront } from './front.ts';
import { staticFiles } from './static-files.ts';

const PAGE_META =
  "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'; object-src 'none'";

let dir: string;
let server: http.Server;
let base: string;
let front: ReturnType<typeof createFront>;
const apiCalls: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'front-'));
  mkdirSync(join(dir, 'about'), { recursive: true });
  mkdirSync(join(dir, '_astro'), { recursive: true });
  const page = (title: string) =>
    `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${PAGE_META}"><title>${title}</title></head><body>${'x'.repeat(2000)}</body></html>`;
  writeFileSync(join(dir, 'index.html'), page('Home'));
  writeFileSync(join(dir, 'about', 'index.html'), page('About'));
  writeFileSync(join(dir, '404.html'), page('Not found'));
  const script = `console.log(${JSON.stringify('y'.repeat(3000))});`;
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), script);
  writeFileSync(join(dir, '_astro', 'app.abc123.js.br'), brotliCompressSync(script));
  // The policies as the build reads them from the pages.
  const files = staticFiles(dir, { 'X-Frame-Options': 'DENY' }, await pageMetaPolicies(dir));
  front = createFront({
    env: { TRUST_PROXY: false },
    pageHeaders: { 'X-Frame-Options': 'DENY' },
    static: files.handler,
    policyFor: files.policyFor,
    api: (req, res) => {
      apiCalls.push(`${req.method} ${req.url}`);
      if (req.url === '/api/client/stream') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(`data: ${'z'.repeat(2000)}\n\n`);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ items: 'w'.repeat(6000) }));
    },
    astro: (req, res) => {
      // As Astro does: one writeHead carrying its own policy.
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "script-src 'self' 'sha256-ssr='" });
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
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request (fetch cannot send TRACE), resolving status, headers and body. */
function request(path: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('methods', () => {
  it('answers TRACE with 405 and Allow, on pages and the API alike', async () => {
    const page = await request('/about', 'TRACE');
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
    const api = await request('/api/health', 'TRACE');
    expect(api.status).toBe(405);
    expect(api.headers.allow).toContain('POST');
    expect(apiCalls.some((call) => call.startsWith('TRACE'))).toBe(false);
  });

  it('answers any other method on a page or an unknown path with 405, never 500', async () => {
    for (const method of ['PROPFIND', 'PUT', 'DELETE', 'OPTIONS']) {
      for (const path of ['/about', '/no/such/page']) {
        const response = await request(path, method);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.allow).toBe('GET, HEAD');
      }
    }
  });

  it('answers a POST to a page with 405 Allow: GET, HEAD', async () => {
    const response = await request('/about', 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });
});

describe('prebuilt files', () => {
  it("refuses Astro's on-demand image endpoint with 404, without reaching Astro", async () => {
    for (const path of ['/_image?href=%2F_astro%2Fhero.svg&w=4000&f=avif', '/_image/x']) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.body).toBe('Not found.\n');
    }
    expect((await request('/about')).status).toBe(200);
  });

  it('serves a page with its full policy as a header, the header-only directives added', async () => {
    const response = await request('/about');
    expect(response.status).toBe(200);
    expect(response.body).toContain('<title>About</title>');
    expect(response.headers['content-security-policy']).toBe(`${PAGE_META}; frame-ancestors 'none'; base-uri 'self'`);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers.etag).toBeTruthy();
    const again = await request('/about', 'GET', { 'if-none-match': String(response.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('serves the precompressed copy of a hashed asset, cached for a year', async () => {
    const response = await request('/_astro/app.abc123.js', 'GET', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['x-frame-options']).toBeUndefined();
    const plain = await request('/_astro/app.abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('survives a prebuilt file that went away after start-up, and goes on serving', async () => {
    expectConsoleErrors();
    writeFileSync(join(dir, 'gone.txt'), 'soon gone');
    const files = staticFiles(dir, {}, {});
    rmSync(join(dir, 'gone.txt'));
    const one = http.createServer((req, res) => files.handler(req, res, () => res.end('next')));
    await new Promise<void>((resolve) => one.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(one.address() as AddressInfo).port}`;
    try {
      await expect(fetch(`${url}/gone.txt`).then((r) => r.text())).rejects.toThrow();
      expect(capturedLogLines().some((line) => line.msg === 'a prebuilt file could not be read')).toBe(true);
      expect(await (await fetch(`${url}/about`)).text()).toContain('<title>About</title>');
    } finally {
      one.closeAllConnections();
      one.close();
    }
  });

  it('hands what is not prebuilt to Astro, whose own policy goes out as Astro made it', async () => {
    const response = await request('/portal/projects/p1');
    expect(response.body).toBe('<p>rendered</p>');
    expect(response.headers['content-security-policy']).toBe("script-src 'self' 'sha256-ssr='");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the API', () => {
  it('goes to the API handler, compressed at a bounded level when large, and logs nothing of its own', async () => {
    const before = capturedLogLines().length;
    const response = await request('/api/client/projects', 'GET', { 'accept-encoding': 'br' });
    expect(apiCalls.at(-1)).toBe('GET /api/client/projects');
    expect(response.headers['content-encoding']).toBe('br');
    expect(
      capturedLogLines()
        .slice(before)
        .filter((line) => line.msg === 'request'),
    ).toHaveLength(0);
  });

  it('never compresses an event stream', async () => {
    const response = await new Promise<http.IncomingMessage>((resolve) => {
      const req = http.get(`${base}/api/client/stream`, { headers: { 'accept-encoding': 'gzip, br' } }, resolve);
      req.end();
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    response.destroy();
  });
});

describe('request lines for pages', () => {
  it('writes one line with the path (no query), status, duration, id and address, and answers the id', async () => {
    const response = await request('/about?token=secret-in-query');
    // The line is written when the server has finished the answer, which may be just after the
    // client has read it.
    const lineOf = () => capturedLogLines().find((entry) => entry.reqId === response.headers['x-request-id']);
    await expect.poll(lineOf).toBeDefined();
    const line = lineOf();
    expect(line).toMatchObject({
      method: 'GET',
      route: '/about',
      status: 200,
      ip: '127.0.0.1',
      reqId: response.headers['x-request-id'],
    });
    expect(JSON.stringify(line)).not.toContain('secret-in-query');
  });
});
