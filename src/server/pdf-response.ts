/**
 * A PDF made on request, as an answer (docs/product.md#invoices): `inline`, named with
 * `content-disposition` (RFC 6266), sandboxed and never sniffed, like the other files the API
 * serves (routes/files.ts, routes/agreements.ts), and kept only privately by the browser.
 */
import { create as contentDisposition } from 'content-disposition';
import type { Context } from 'hono';

/** Answers `bytes` (a PDF) through `c`, named `fileName`. */
export function pdfResponse(c: Context, bytes: Buffer, fileName: string): Response {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', contentDisposition(fileName, { type: 'inline' }));
  c.header('Content-Length', String(bytes.length));
  c.header('Content-Security-Policy', 'sandbox');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'private, no-cache');
  return c.body(new Uint8Array(bytes), 200);
}
