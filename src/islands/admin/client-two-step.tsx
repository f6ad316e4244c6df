/**
 * On a client's page, while their two-step verification is on (docs/product.md#sign-in-security):
 * 'Turn off two-step verification', for a client who lost their phone and every recovery code.
 * It asks first; the client's sessions end and the change is recorded as an admin event.
 */
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { api, unwrap } from '../lib/api.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { useAdminWrite } from './mutations.ts';
import { Panel } from './page-frame.tsx';
import { adminKeys } from './queries.ts';

export function ClientTwoStep({ client }: { client: { id: string; name: string } }) {
  const state = useQuery({
    queryKey: [...adminKeys.clients, client.id, 'two-step'],
    queryFn: () => unwrap(api.admin.clients[':id']['two-step'].$get({ param: { id: client.id } })),
  });
  const reset = useAdminWrite(
    () => unwrap(api.admin.clients[':id']['two-step'].$delete({ param: { id: client.id } })),
    [adminKeys.clients],
  );
  if (!state.data?.twoStep) return null;
  return (
    <Panel title="Two-step verification" id="client-two-step-heading">
      <p className="flex items-center gap-2 text-sm text-ink-900">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-green-800" />
        On: signing in asks for a code from their app.
      </p>
      <div className="mt-3">
        <ConfirmDelete
          trigger="text"
          label={`Turn off two-step verification for ${client.name}`}
          title={`Turn off two-step verification for ${client.name}?`}
          description="Do this only when they lost their phone and every recovery code, and you know it is them asking. They will be signed out everywhere and can turn it on again."
          confirmLabel="Turn it off"
          mutation={reset}
          failureTitle="Could not turn it off"
        />
      </div>
    </Panel>
  );
}
