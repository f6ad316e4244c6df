/**
 * Clients for staff under /api/admin/clients (docs/product.md#client-form): GET / (one page:
 * search, filters, sort and cursor as docs/product.md#lists says, each client with its number of projects), GET /:id (one, in the same shape; 404 when
 * missing), POST /, PUT /:id (a blank password keeps the
 * current one), DELETE /:id (with its projects, milestones and messages). 409 when the email
 * exists in any case; 422 with the form's messages; 404 for a missing client. A delete records
 * `project-updated` for each project it took and `session-ended` for the client, whose sessions
 * went with it, in its transaction (docs/product.md#live-updates). GET /:id/two-step → 200
 * {twoStep: boolean}; DELETE /:id/two-step → 200
 * {twoStep: false}: the client's two-step verification turned off and their sessions ended (a
 * lost phone; docs/product.md#sign-in-security); 404 when it was off. A common password is
 * refused (422 on `password`, docs/product.md#validation). `?confirmed=true|false` filters the list
 * (docs/product.md#registration).
 *
 * Invitations (docs/product.md#invitations): GET /:id/invitation → 200 {pending, lastSentAt};
 * POST /:id/resend-invitation → 202 {lastSentAt}, an admin event recorded; 404 for a missing
 * client; 409 `already_set_up` once the client has a password or a passkey or has signed in.
 */
import { Hono } from 'hono';
import { adminClientSchema } from '../../../shared/schemas/admin.ts';
import { clientListQuery } from '../../../shared/schemas/lists.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import {
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
} from '../../services/clients/client-admin.ts';
import { deleteStoredFiles } from '../../services/files/cleanup.ts';
import { invitationStatus, resendInvitation } from '../../services/sign-in/invitations.ts';
import { resetClientTotp } from '../../services/sign-in/totp-off.ts';
import { totpEnabled } from '../../services/sign-in/totp.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';
import { primaryOwner } from '../../services/clients/members.ts';
import { NotFoundError } from '../../errors.ts';

export function staffClientRoutes({ db, env, storage }: AppDeps) {
  /** The person the client's two-step panel is about: its primary owner (docs/decisions/0041-client-members.md). */
  const ownerOf = async (clientId: string) => {
    const owner = await primaryOwner(db.read, clientId);
    if (!owner) throw new NotFoundError('Client');
    return owner.id;
  };

  return new Hono<SessionEnv<'staff'>>()
    .get('/clients', validate('query', clientListQuery), async (c) =>
      c.json(await listClients(db, c.req.valid('query'))),
    )
    .get('/clients/:id', validate('param', idParam), async (c) => c.json(await getClient(db, c.req.valid('param').id)))
    .post('/clients', validate('json', adminClientSchema), async (c) =>
      c.json(await createClient(db, c.var.user, c.req.valid('json')), 201),
    )
    .put('/clients/:id', validate('param', idParam), validate('json', adminClientSchema), async (c) =>
      c.json(await updateClient(db, c.var.user, c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/clients/:id/invitation', validate('param', idParam), async (c) =>
      c.json(await invitationStatus(db, c.req.valid('param').id)),
    )
    .post('/clients/:id/resend-invitation', validate('param', idParam), async (c) =>
      c.json(await resendInvitation(db, c.var.user, c.req.valid('param').id, env.SITE_URL), 202),
    )
    .get('/clients/:id/two-step', validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ twoStep: await totpEnabled(db.read, 'client', await ownerOf(id)) });
    })
    .delete('/clients/:id/two-step', validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await resetClientTotp(db, c.var.user, id, await ownerOf(id));
      return c.json({ twoStep: false as const });
    })
    .delete('/clients/:id', validate('param', idParam), async (c) => {
      // The files' bytes go once the rows are gone; the sweep catches any left by a crash.
      await deleteStoredFiles(storage, await deleteClient(db, c.var.user, c.req.valid('param').id));
      return c.body(null, 204);
    });
}
