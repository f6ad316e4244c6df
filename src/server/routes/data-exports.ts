/**
 * A data export's download link (docs/product.md#privacy), used by the page `/data-export`, which
 * reads the token after `#` and sends it in a body, never in an address:
 *
 * - POST /api/data-exports/status {token} → 200 {fileName, sizeBytes, expiresAt} while the link works;
 *   410 `export_link_expired` once it was used, expired, or never existed.
 * - POST /api/data-exports/download {token} → 200, the ZIP (`application/zip`, as an attachment
 *   named `data-export-YYYY-MM-DD.zip`); the token is spent before the first byte, so a second try,
 *   or one at the same time, gets 410.
 *
 * Both are limited to 30 tries per 15 minutes from one address (429 past that).
 */
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { claimDownload, exportForToken } from '../services/privacy/export-downloads.ts';
import { validate } from '../validation.ts';

const tokenBody = z.object({ token: z.string().trim().min(20, 'Invalid link').max(200, 'Invalid link') });

const linkExpired = () =>
  new AppError(
    410,
    'export_link_expired',
    'This download link has been used or has expired. Ask for a new export from your settings, or ask us.',
  );

export function dataExportRoutes({ db, storage }: AppDeps) {
  const limiter = createLimiter(db, {
    name: 'data-export-link',
    points: 30,
    durationSeconds: 15 * 60,
    message: 'Too many tries. Please wait a few minutes and try again.',
  });
  return new Hono<ApiEnv>()
    .post('/status', validate('json', tokenBody), limitByAddress(limiter, 'status:'), async (c) => {
      const found = await exportForToken(db, c.req.valid('json').token);
      if (!found) throw linkExpired();
      return c.json(found);
    })
    .post('/download', validate('json', tokenBody), limitByAddress(limiter, 'download:'), async (c) => {
      const found = await claimDownload(db, c.req.valid('json').token);
      if (!found) throw linkExpired();
      const stream = await storage.read(found.storageKey);
      c.header('Content-Type', 'application/zip');
      c.header('Content-Disposition', contentDisposition(found.fileName));
      c.header('Content-Length', String(found.sizeBytes));
      return c.body(Readable.toWeb(stream) as ReadableStream, 200);
    });
}
