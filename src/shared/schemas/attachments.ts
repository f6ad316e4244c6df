/**
 * A message's attachments (docs/product.md#files): the ids of files already uploaded to the
 * project, at most ATTACHMENTS_MAX, each once. Apart from fields.ts, so the public site's forms,
 * which share fields.ts, do not carry it.
 */
import { z } from '../zod.ts';

/** The most files one message may carry (docs/product.md#files). */
export const ATTACHMENTS_MAX = 10;

/** The `attachments` field of a message's body. */
export const attachmentIds = z
  .array(z.string().min(1).max(100), { error: 'Attachments must be a list of file ids' })
  .max(ATTACHMENTS_MAX, `A message can carry at most ${ATTACHMENTS_MAX} files`)
  .refine((ids) => new Set(ids).size === ids.length, 'A file is attached twice')
  .optional();
