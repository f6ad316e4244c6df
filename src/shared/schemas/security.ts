/**
 * The request bodies of two-step verification and passkeys (docs/product.md#sign-in-security):
 * a 6-digit code from an authenticator app, or a recovery code (`xxxxx-xxxxx`), and a passkey's
 * name.
 */
import { z } from '../zod.ts';

/** A code from the app: 6 digits, spaces allowed ('123 456'). */
const totpCode = z
  .string({ error: 'Enter the 6-digit code from your app' })
  .trim()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));

/** A recovery code: 10 letters and digits, a dash allowed. */
const recoveryCode = z
  .string()
  .trim()
  .min(10, 'Enter one of your recovery codes')
  .max(20, 'Enter one of your recovery codes');

/** The second step of a sign-in: the challenge and a code, or a recovery code. */
export const secondFactorSchema = z
  .object({
    challenge: z.string().min(10).max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    error: 'Enter the 6-digit code from your app',
    path: ['code'],
  });

/** A code, or a recovery code where that is allowed (turning two-step verification off). */
export const codeOrRecoverySchema = z
  .object({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    error: 'Enter the 6-digit code from your app',
    path: ['code'],
  });

/** Confirming set-up, or new recovery codes: a current code. */
export const codeSchema = z.object({ code: totpCode });

/** A passkey's name, as its owner calls it ('Work laptop'). */
export const passkeyNameSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be at most 60 characters'),
});
