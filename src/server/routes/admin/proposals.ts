/**
 * Proposals for staff under /api/admin (docs/product.md#proposals), behind the dashboard's guard:
 *
 * - GET /proposals → `{items, nextCursor, total}` (docs/product.md#lists: `q`, `status`,
 *   `clientId`, `leadId`, `sort`, `from`, `to`, `limit`, `cursor`); GET /proposals/:id → one,
 *   with its recipient, agreement and versions (404 when missing).
 * - POST /proposals {clientId | leadId, title, intro, items, discountCents?, depositPercent,
 *   extraTerms?, validUntil} → 201 {id, status: "draft"}; PUT /proposals/:id (the same body;
 *   409 `proposal_sent` once sent); DELETE /proposals/:id → 204 (a draft only).
 * - POST /proposals/:id/send → 200 the proposal (409 once sent; 422 for a day already past);
 *   /withdraw → 200 (409 unless it waits for an answer); /revise → 201 {id, status, version},
 *   the next version as a draft; /duplicate → 201 {id, status, version}.
 * - GET /proposal-templates → {items}; POST /proposal-templates {name, …} → 201 {id} (409 for a
 *   name in use); DELETE /proposal-templates/:id → 204 (409 for a built-in one).
 * Bodies up to 1 MB (app.ts), so a proposal with too many lines hears the line limit itself.
 */
import { Hono } from 'hono';
import { proposalListQuery } from '../../../shared/schemas/lists.ts';
import { proposalBodySchema, proposalTemplateSchema } from '../../../shared/schemas/proposals.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { listProposals } from '../../services/proposals/proposal-list.ts';
import { createProposal, deleteProposal, getProposal, updateProposal } from '../../services/proposals/proposals.ts';
import { sendProposal, withdrawProposal } from '../../services/proposals/sending.ts';
import { duplicateProposal, reviseProposal } from '../../services/proposals/versions.ts';
import { deleteTemplate, listTemplates, saveTemplate } from '../../services/proposals/templates.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffProposalRoutes({ db, env }: AppDeps) {
  const zone = env.SITE_TIME_ZONE;
  return new Hono<SessionEnv<'staff'>>()
    .get('/proposals', validate('query', proposalListQuery), async (c) =>
      c.json(await listProposals(db, c.req.valid('query'), zone)),
    )
    .post('/proposals', validate('json', proposalBodySchema), async (c) =>
      c.json(await createProposal(db, c.var.user, c.req.valid('json'), zone), 201),
    )
    .get('/proposals/:id', validate('param', idParam), async (c) =>
      c.json(await getProposal(db, c.req.valid('param').id, zone, env.SITE_URL)),
    )
    .put('/proposals/:id', validate('param', idParam), validate('json', proposalBodySchema), async (c) =>
      c.json(await updateProposal(db, c.var.user, c.req.valid('param').id, c.req.valid('json'), zone)),
    )
    .delete('/proposals/:id', validate('param', idParam), async (c) => {
      await deleteProposal(db, c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .post('/proposals/:id/send', validate('param', idParam), async (c) =>
      c.json(await sendProposal(db, c.var.user, c.req.valid('param').id, env)),
    )
    .post('/proposals/:id/withdraw', validate('param', idParam), async (c) =>
      c.json(await withdrawProposal(db, c.var.user, c.req.valid('param').id, env)),
    )
    .post('/proposals/:id/revise', validate('param', idParam), async (c) =>
      c.json(await reviseProposal(db, c.var.user, c.req.valid('param').id, zone), 201),
    )
    .post('/proposals/:id/duplicate', validate('param', idParam), async (c) =>
      c.json(await duplicateProposal(db, c.var.user, c.req.valid('param').id, zone), 201),
    )
    .get('/proposal-templates', async (c) => c.json({ items: await listTemplates(db) }))
    .post('/proposal-templates', validate('json', proposalTemplateSchema), async (c) =>
      c.json({ id: await saveTemplate(db, c.var.user, c.req.valid('json')) }, 201),
    )
    .delete('/proposal-templates/:id', validate('param', idParam), async (c) => {
      await deleteTemplate(db, c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
