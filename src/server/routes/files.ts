/**
 * Files on projects (docs/product.md#files; docs/decisions/0030-files-and-approvals.md). The
 * uploads and lists are the areas' own routes (routes/client/files.ts, routes/admin/files.ts),
 * made by services/files/files.ts `uploadToProject` and `filesOfProject`:
 *
 * - POST /api/client/projects/:id/files and POST /api/admin/projects/:id/files: multipart, field
 *   `file` (staff may add `internal=true`) → 201 {id, name, size, type}. 404 for a project the
 *   caller may not see; 413 for a file over UPLOAD_MAX_BYTES or over the client's quota (from
 *   the declared length before the bytes are read, and from the real size after); 415 for a type
 *   not accepted; 422 without a file; 400 for an upload cut half-way. Nothing is left behind by a
 *   refused upload.
 * - GET /api/client/projects/:id/files and GET /api/admin/projects/:id/files → the list (the
 *   client's without internal files), oldest first, with `{used, quota}` bytes for the client.
 * - GET /api/files/:id: the download, authorized on each request (staff, or the client of the
 *   file's project for a file that is not internal; 404 otherwise), `attachment` but for the
 *   images shown inline, `Content-Security-Policy: sandbox`, one byte range (206, or 416).
 * - GET /api/files/:id/preview: a 480 px WebP thumbnail of an image, made by sharp within
 *   MAX_IMAGE_PIXELS; 404 `no_preview` for other types (the page shows a file icon).
 */
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import parseRange from 'range-parser';
import sharp from 'sharp';
import { currentClient, currentStaff } from '../middleware/identity.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { fileFor } from '../services/files/files.ts';
import { MAX_IMAGE_PIXELS, PREVIEW_TYPES } from '../services/files/uploads.ts';
import { validate } from '../validation.ts';
import { roleMay } from '../../shared/team.ts';
import { ROLE_REFUSED } from '../middleware/client-roles.ts';

/** The width of a preview, in pixels. */
const PREVIEW_WIDTH = 480;

/** The `:id` of a file: 1 to 100 characters. */
const fileParam = z.object({ id: z.string().min(1).max(100) });

/**
 * Who may see files: staff, or a client's member whose role sees a project's work (their client's
 * projects' files; docs/product.md#client-teams: a `billing` member gets 403).
 */
async function viewerOf(c: Context<ApiEnv>) {
  if (await currentStaff(c)) return { staff: true } as const;
  const member = await currentClient(c);
  if (member && !roleMay(member.role, 'work')) throw new AppError(403, 'forbidden_role', ROLE_REFUSED);
  if (member) return { clientId: member.clientId };
  throw new AppError(401, 'unauthorized', 'Please sign in to continue');
}

/** Answer headers every file answer carries: never run as a page, never sniffed. */
function fileHeaders(c: Context) {
  c.header('Content-Security-Policy', 'sandbox');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'private, no-cache');
}

/** GET /api/files/:id and /api/files/:id/preview. */
export function fileRoutes(deps: AppDeps) {
  const { db, storage } = deps;
  return new Hono<ApiEnv>()
    .get('/:id', validate('param', fileParam), async (c) => {
      const file = await fileFor(db, c.req.valid('param').id, await viewerOf(c));
      fileHeaders(c);
      const inline = PREVIEW_TYPES.has(file.type);
      c.header(
        'Content-Type',
        inline ? file.type : file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type,
      );
      c.header('Content-Disposition', contentDisposition(file.name, { type: inline ? 'inline' : 'attachment' }));
      c.header('Accept-Ranges', 'bytes');
      c.header('ETag', `"${file.sha256}"`);
      const header = c.req.header('range');
      const ranges = header ? parseRange(file.size, header, { combine: true }) : null;
      if (ranges === -1) {
        c.header('Content-Range', `bytes */${file.size}`);
        throw new AppError(416, 'range_not_satisfiable', 'The requested range is outside the file.', undefined, {
          'Content-Range': `bytes */${file.size}`,
        });
      }
      // One range is served as asked; several (or a malformed header) get the whole file.
      if (Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes') {
        const { start, end } = ranges[0]!;
        const stream = await storage.read(file.storageKey, { start, end });
        c.header('Content-Range', `bytes ${start}-${end}/${file.size}`);
        c.header('Content-Length', String(end - start + 1));
        return c.body(Readable.toWeb(stream) as ReadableStream, 206);
      }
      const stream = await storage.read(file.storageKey);
      c.header('Content-Length', String(file.size));
      return c.body(Readable.toWeb(stream) as ReadableStream, 200);
    })
    .get('/:id/preview', validate('param', fileParam), async (c) => {
      const file = await fileFor(db, c.req.valid('param').id, await viewerOf(c));
      if (!PREVIEW_TYPES.has(file.type)) throw new NotFoundError('This file has no preview');
      const source = await storage.read(file.storageKey);
      const thumbnail = sharp({ limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false })
        .rotate()
        .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
        .webp({ quality: 70 });
      source.pipe(thumbnail);
      source.on('error', (error) => thumbnail.destroy(error));
      let bytes: Buffer;
      try {
        bytes = await thumbnail.toBuffer();
      } catch {
        throw new NotFoundError('This file has no preview');
      }
      fileHeaders(c);
      c.header('Content-Type', 'image/webp');
      return c.body(new Uint8Array(bytes), 200);
    });
}
