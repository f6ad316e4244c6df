/**
 * Approvals' request bodies (docs/product.md#approvals): staff ask for one on a milestone or a
 * file; the client approves or requests changes, with a comment (required for changes).
 */
import { z } from '../zod.ts';
import { requiredText } from './fields.ts';

/** The longest approval comment, in characters. */
const COMMENT_MAX = 2000;

/** POST /api/admin/approvals. */
export const approvalRequestSchema = z
  .object({
    projectId: z.string().min(1).max(100),
    milestoneId: z.string().min(1).max(100).optional(),
    fileId: z.string().min(1).max(100).optional(),
    title: requiredText('Title', 200),
  })
  .refine((v) => (v.milestoneId === undefined) !== (v.fileId === undefined), {
    error: 'Choose a milestone or a file to approve',
    path: ['milestoneId'],
  });

/** POST /api/client/approvals/{id}/decision. */
export const approvalDecisionSchema = z
  .object({
    decision: z.enum(['approved', 'changes-requested'], { error: 'Choose Approve or Request changes' }),
    comment: z
      .string()
      .trim()
      .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters`)
      .optional(),
  })
  .refine((v) => v.decision === 'approved' || (v.comment ?? '').length > 0, {
    error: 'Please say what should change',
    path: ['comment'],
  });
