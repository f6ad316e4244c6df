/**
 * On a client's page, while the client has not set up the account (no password, no passkey, never
 * signed in; docs/product.md#invitations): when the last invitation was sent, and 'Resend
 * invitation', which emails a new 72-hour link and is recorded as an admin event.
 */
import { useQuery } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { api, messageOf, unwrap } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { useAdminWrite } from './mutations.ts';
import { Panel } from './page-frame.tsx';
import { adminKeys } from './queries.ts';

export function ClientInvitation({ client }: { client: { id: string; name: string } }) {
  const key = [...adminKeys.clients, client.id, 'invitation'];
  const state = useQuery({
    queryKey: key,
    queryFn: () => unwrap(api.admin.clients[':id'].invitation.$get({ param: { id: client.id } })),
  });
  const resend = useAdminWrite(
    () => unwrap(api.admin.clients[':id']['resend-invitation'].$post({ param: { id: client.id } })),
    [key],
  );
  if (!state.data?.pending) return null;
  const { lastSentAt } = state.data;
  return (
    <Panel title="Portal invitation" id="client-invitation-heading">
      <p className="text-sm text-ink-900">
        {client.name} has not set a password or a passkey yet.{' '}
        {lastSentAt ? `Last invitation sent ${formatDateTime(lastSentAt)}.` : 'No invitation on record.'}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
          <MailPlus aria-hidden="true" className="size-4" />
          Resend invitation
        </button>
        {resend.isSuccess && (
          <p role="status" className="text-sm font-semibold text-green-900">
            Sent. The new link works for 72 hours.
          </p>
        )}
        {resend.isError && (
          <p role="alert" className="text-sm text-danger-700">
            {messageOf(resend.error, 'Could not send the invitation. Please try again.')}
          </p>
        )}
      </div>
    </Panel>
  );
}
