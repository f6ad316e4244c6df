/**
 * Fetches one web page for the audit without becoming a proxy into private networks (docs/product.md#audit-fetch;
 * OWASP Server-Side Request Forgery Prevention Cheat Sheet):
 *
 * - http and https only, on the standard ports 80 and 443;
 * - before each request the host's A and AAAA records are resolved, and any loopback, private,
 *   link-local (169.254.0.0/16, the cloud metadata address among them), unique-local,
 *   multicast, unspecified or otherwise reserved address refuses the target (ipaddr.js ranges:
 *   only 'unicast' passes);
 * - the connection itself goes through request-filtering-agent, which checks the address the
 *   socket really connects to, so a DNS rebinding between the two looks cannot slip through;
 * - redirects are followed by hand, at most 5, each checked the same way;
 * - 8 seconds in total, at most 2 MB of body (after decompression), text/html only.
 *
 * The only exception is `allowLoopback`, which the tests switch on to audit fixture sites on
 * 127.0.0.1 or ::1 (any port); nothing in production sets it (see AuditOptions in service.ts).
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { checkTarget, FetchRefused, lookupRefusal, PRIVATE_MESSAGE, UNREACHABLE_MESSAGE } from './fetch-target.ts';

export { FetchRefused, isPublicAddress } from './fetch-target.ts';

/** The audit fetch's limits (docs/product.md#audit-fetch): 8 seconds in total, 2 MB of body, 5 redirects. */
export const FETCH_TIMEOUT_MS = 8000;
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

export interface SafeFetchOptions {
  /** Tests only: allow loopback addresses (127.0.0.0/8, ::1) on any port. */
  allowLoopback?: boolean;
  /** Resolves a host name to its addresses (default: the system resolver, A and AAAA). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** The connection-time look-up (default: the system's); tests use it to simulate DNS rebinding. */
  lookup?: LookupFunction;
  timeoutMs?: number;
  maxBytes?: number;
  /** Extra certificate authorities to trust (tests: a self-signed fixture site). */
  ca?: string;
  /** false: answer the first response as it is, a redirect included (with an empty body). */
  followRedirects?: boolean;
}

export interface FetchedPage {
  requestedUrl: string;
  finalUrl: string;
  /** Every URL the redirects went through, in order, the final one included. */
  chain: string[];
  status: number;
  /** Response headers of the final answer, names in lower case; set-cookie as a list. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes on the wire (compressed) and after decompression. */
  transferBytes: number;
  bodyBytes: number;
  /** Milliseconds from sending the final request to its response headers. */
  responseMs: number;
}

/** Counts bytes through a stream and fails past `max`. */
function byteLimit(max: number, counter: { bytes: number }, onTooLarge: () => Error) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > max) done(onTooLarge());
      else done(null, chunk);
    },
  });
}

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

function request(url: URL, options: SafeFetchOptions, signal: AbortSignal) {
  const agentOptions = {
    keepAlive: false,
    ...(options.allowLoopback ? { allowIPAddressList: ['127.0.0.0/8', '::1/128'] } : {}),
    ...(options.ca ? { ca: options.ca } : {}),
  };
  const secure = url.protocol === 'https:';
  const agent = secure ? new RequestFilteringHttpsAgent(agentOptions) : new RequestFilteringHttpAgent(agentOptions);
  const started = performance.now();
  return new Promise<{ response: IncomingMessage; responseMs: number }>((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method: 'GET',
        agent,
        signal,
        ...(options.lookup ? { lookup: options.lookup } : {}),
        headers: {
          'user-agent': 'FirstStateWebStudio-SiteAudit/1.0',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (response) => resolve({ response, responseMs: Math.round(performance.now() - started) }),
    );
    req.on('error', reject);
    req.end();
  });
}

function asRefusal(error: unknown, signal: AbortSignal): FetchRefused {
  if (error instanceof FetchRefused) return error;
  if (signal.aborted) return new FetchRefused('timeout', 'The website took longer than 8 seconds to answer.');
  const message = error instanceof Error ? error.message : String(error);
  if (/is not allowed/i.test(message)) return new FetchRefused('private_address', PRIVATE_MESSAGE);
  if (/ENOTFOUND|ENODATA|EAI_AGAIN/.test(message)) {
    return lookupRefusal({ code: /ENOTFOUND/.test(message) ? 'ENOTFOUND' : 'ENODATA' });
  }
  // Refused, reset, or no route: the address was well formed, the site did not answer.
  return new FetchRefused('unreachable', UNREACHABLE_MESSAGE);
}

/**
 * Fetches `address` (following up to 5 redirects) as the module comment says. Resolves to the
 * final page; throws FetchRefused with a message for the visitor otherwise.
 */
export async function safeFetch(address: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused('scheme', 'Please enter a valid website URL');
  }
  const chain: string[] = [url.href];
  try {
    for (let hop = 0; ; hop++) {
      await checkTarget(url, options);
      const { response, responseMs } = await request(url, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location && options.followRedirects === false) {
        response.destroy();
        const target = new URL(location, url).href;
        return {
          requestedUrl: chain[0]!,
          finalUrl: target,
          chain: [...chain, target],
          status,
          headers: response.headers,
          body: '',
          transferBytes: 0,
          bodyBytes: 0,
          responseMs,
        };
      }
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (hop >= MAX_REDIRECTS) {
          throw new FetchRefused('too_many_redirects', 'The website redirected more than 5 times.');
        }
        url = new URL(location, url);
        chain.push(url.href);
        continue;
      }
      if (status >= 400) {
        response.destroy();
        throw new FetchRefused('http_error', `The website answered with an error (HTTP ${status}).`);
      }
      const type = String(response.headers['content-type'] ?? '').toLowerCase();
      if (!type.startsWith('text/html') && !type.startsWith('application/xhtml+xml')) {
        response.destroy();
        throw new FetchRefused('not_html', 'That address does not return a web page (text/html).');
      }
      const tooLarge = () => new FetchRefused('too_large', 'The page is larger than 2 MB, so it was not audited.');
      const wire = { bytes: 0 };
      const decoded = { bytes: 0 };
      const chunks: Buffer[] = [];
      const decoder = decoderFor(response.headers['content-encoding']);
      // pipeline() carries an error from any stage (a limit, the decoder, the socket) to here.
      const collect = async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) chunks.push(chunk);
      };
      const onWire = byteLimit(maxBytes, wire, tooLarge);
      const decodedLimit = byteLimit(maxBytes, decoded, tooLarge);
      if (decoder) await pipeline(response, onWire, decoder, decodedLimit, collect, { signal });
      else await pipeline(response, onWire, decodedLimit, collect, { signal });
      return {
        requestedUrl: chain[0]!,
        finalUrl: url.href,
        chain,
        status,
        headers: response.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        transferBytes: wire.bytes,
        bodyBytes: decoded.bytes,
        responseMs,
      };
    }
  } catch (error) {
    throw asRefusal(error, signal);
  }
}
