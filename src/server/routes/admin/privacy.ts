/**
 * Privacy requests handled by staff (docs/product.md#privacy), behind the dashboard's guard:
 *
 * - POST /clients/:id/erase {legalBasis?} → 200 {id, name, erased}: the client erased as
 *   services/privacy/erasure.ts says (`erased` false when it was already); 404 for a missing client.
 * - POST /clients/:id/members/:memberId/erase → 200 {id, name, erased}: one person of the
 *   client's team erased (services/privacy/member-erasure.ts); 404 for someone not on the team;
 *   409 `last_owner` for its only owner (erase the client instead).
 * - POST /contact-submissions/:id/erase → 200 the same for a lead; 404 for a missing lead.
 * Each is recorded as an admin event that names the record by id only.
 * - GET /clients/:id/consents → the client's consent records (as a client, its leads and its
 *   newsletter subscription), oldest first; 404 for a missing client. GET
 *   /contact-submissions/:id/consents → a lead's (as the lead and its newsletter subscription).
 * - POST /clients/:id/export and POST /contact-submissions/:id/export → 202 {export}: a data export
 *   queued, its link emailed to the staff member who asked (who checks the requester before
 *   passing it on); recorded as an admin event. 429 `export_too_soon` (Retry-After) when staff
 *   asked for this person less than a day ago; 404 for a missing or erased person.
 *   GET …/:id/exports → that person's exports, newest first.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { staffName } from '../../../shared/staff-name.ts';
import { exportTooSoon } from '../../middleware/limits.ts';
import { recordAdminEvent, type Actor } from '../../services/admin-events.ts';
import { consentsOfClient, consentsOfLead } from '../../services/privacy/consent.ts';
import { exportsOf, requestExport, toPublicExport, type ExportSubject } from '../../services/privacy/data-exports.ts';
import { eraseClient, eraseLead } from '../../services/privacy/erasure.ts';
import { eraseMember } from '../../services/privacy/member-erasure.ts';
import { deleteStoredFiles } from '../../services/files/cleanup.ts';
import { validate } from '../../validation.ts';
import { primaryOwner } from '../../services/clients/members.ts';
import { NotFoundError } from '../../errors.ts';
import { idParam } from './params.ts';

const memberParam = idParam.extend({ memberId: z.string().min(1).max(100) });
const eraseBody = z.object({ legalBasis: z.string().trim().min(3).max(500).optional() });

export function staffPrivacyRoutes({ db, storage }: AppDeps) {
  /**
   * The person staff mean by a client's privacy records: its primary owner
   * (docs/decisions/0041-client-members.md). NotFoundError for a client with none.
   */
  const ownerOf = async (clientId: string) => {
    const owner = await primaryOwner(db.read, clientId);
    if (!owner) throw new NotFoundError('Client');
    return owner.id;
  };

  /** Queues an export of `subject` for `staff`, recorded as an admin event in the same write. */
  const askForExport = async (staff: Actor, subject: ExportSubject) => {
    const asked = await requestExport(db, subject, staffName(staff), staff.username, {
      record: (tx, row) =>
        recordAdminEvent(
          tx,
          staff,
          'create',
          subject.kind,
          subject.id,
          `Exported the data of ${subject.kind} #${subject.id.slice(0, 8)} (export ${row.id.slice(0, 8)})`,
        ),
    });
    if ('retryAfterMs' in asked) throw exportTooSoon(asked.retryAfterMs);
    return { export: toPublicExport(asked.export) };
  };
  return new Hono<SessionEnv<'staff'>>()
    .post('/clients/:id/erase', validate('param', idParam), validate('json', eraseBody), async (c) => {
      const { storageKeys, ...result } = await eraseClient(
        db,
        c.var.user,
        c.req.valid('param').id,
        c.req.valid('json').legalBasis,
      );
      await deleteStoredFiles(storage, storageKeys);
      return c.json(result);
    })
    .post('/clients/:id/members/:memberId/erase', validate('param', memberParam), async (c) => {
      const { id, memberId } = c.req.valid('param');
      const { storageKeys, ...result } = await eraseMember(db, c.var.user, id, memberId);
      await deleteStoredFiles(storage, storageKeys);
      return c.json(result);
    })
    .get('/clients/:id/consents', validate('param', idParam), async (c) =>
      c.json(await consentsOfClient(db, await ownerOf(c.req.valid('param').id))),
    )
    .get('/contact-submissions/:id/consents', validate('param', idParam), async (c) =>
      c.json(await consentsOfLead(db, c.req.valid('param').id)),
    )
    .post('/clients/:id/export', validate('param', idParam), async (c) =>
      c.json(await askForExport(c.var.user, { kind: 'client', id: await ownerOf(c.req.valid('param').id) }), 202),
    )
    .post('/contact-submissions/:id/export', validate('param', idParam), async (c) =>
      c.json(await askForExport(c.var.user, { kind: 'lead', id: c.req.valid('param').id }), 202),
    )
    .get('/clients/:id/exports', validate('param', idParam), async (c) =>
      c.json(await exportsOf(db, { kind: 'client', id: await ownerOf(c.req.valid('param').id) })),
    )
    .get('/contact-submissions/:id/exports', validate('param', idParam), async (c) =>
      c.json(await exportsOf(db, { kind: 'lead', id: c.req.valid('param').id })),
    )
    .post('/contact-submissions/:id/erase', validate('param', idParam), async (c) => {
      const { storageKeys: _none, ...result } = await eraseLead(db, c.var.user, c.req.valid('param').id);
      return c.json(result);
    });
}
