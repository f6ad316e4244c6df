/**
 * Signed agreements' PDFs (docs/product.md#agreements):
 *
 * - GET /api/agreements/:id/pdf → `application/pdf` (attachment): for staff, or for any member of
 *   the agreement's client; 401 signed out, 404 for another client's. A PDF not made yet (the
 *   request that took the signature died first) is made now.
 * - POST /api/agreements/verify (multipart, field `file`, at most UPLOAD_MAX_BYTES) → 200
 *   `{valid: true, agreementId, reference, title, business, signedAt, signers, documentHash}` when
 *   this site issued exactly that PDF, `{valid: false}` for anything else. Public (anyone holding
 *   the PDF may check it), limited per address, and the file is only hashed, never stored.
 */
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { currentClient, currentStaff } from '../middleware/identity.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { notificationRoutes } from '../services/email/notification-routes.ts';
import { agreementPdfOf, verifyAgreementPdf } from '../services/proposals/agreement-files.ts';
import { finishAgreement } from '../services/proposals/agreements.ts';
import { hashUploadedFile } from '../services/proposals/verify-upload.ts';
import { validate } from '../validation.ts';

const agreementParam = z.object({ id: z.string().min(1).max(100) });

/** Checks per address per 10 minutes. */
const VERIFY_POINTS = 30;

/** Staff see every agreement; a client's member their client's; anyone else must sign in. */
async function readerOf(c: Context<ApiEnv>): Promise<{ clientId: string } | null> {
  if (await currentStaff(c)) return null;
  const member = await currentClient(c);
  if (member) return { clientId: member.clientId };
  throw new AppError(401, 'unauthorized', 'Please sign in to continue');
}

export function agreementRoutes(deps: AppDeps) {
  const { db, env, storage } = deps;
  const limiter = createLimiter(db, {
    name: 'agreement-verify',
    points: VERIFY_POINTS,
    durationSeconds: 600,
    message: 'Too many checks from your address. Please try again in a few minutes.',
  });
  return new Hono<ApiEnv>()
    .post('/verify', limitByAddress(limiter), async (c) => {
      const { sha256 } = await hashUploadedFile(c.req.raw.body, c.req.header('content-type'), env.UPLOAD_MAX_BYTES);
      return c.json(await verifyAgreementPdf(db, sha256));
    })
    .get('/:id/pdf', validate('param', agreementParam), async (c) => {
      const id = c.req.valid('param').id;
      const reader = await readerOf(c);
      let pdf = await agreementPdfOf(db, id, reader);
      if (!pdf) {
        await finishAgreement(deps, id, (await notificationRoutes(db, env)).team);
        pdf = await agreementPdfOf(db, id, reader);
        if (!pdf) throw new NotFoundError('Agreement PDF');
      }
      const stream = await storage.read(pdf.storageKey);
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', contentDisposition(pdf.filename, { type: 'attachment' }));
      c.header('Content-Length', String(pdf.size));
      c.header('Content-Security-Policy', 'sandbox');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cache-Control', 'private, no-cache');
      return c.body(Readable.toWeb(stream) as ReadableStream, 200);
    });
}
