/**
 * Privacy on a client's and a lead's page (docs/product.md#privacy): the person's consent records,
 * 'Export data' (the link is emailed to the staff member who asked, who checks the requester before
 * passing it on), and 'Erase' with a confirmation that names what goes and what stays. Erasing is recorded, cannot
 * be undone, and a second erasure changes nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { ExportRequest } from '../privacy/export-request.tsx';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { useAdminWrite } from './mutations.ts';
import { Panel } from './page-frame.tsx';
import { Badge, ListError } from './parts.tsx';
import { adminKeys, adminQueries } from './queries.ts';

const PURPOSES: Record<string, string> = {
  analytics: 'Analytics cookies',
  newsletter: 'Newsletter',
  'contact-processing': 'Contact form notice',
};

function Consents({ subject }: { subject: { kind: 'client' | 'lead'; id: string } }) {
  const param = { param: { id: subject.id } };
  const consents = useQuery({
    queryKey: [...(subject.kind === 'client' ? adminKeys.clients : adminKeys.leads), subject.id, 'consents'],
    queryFn: () =>
      unwrap(
        subject.kind === 'client'
          ? api.admin.clients[':id'].consents.$get(param)
          : api.admin['contact-submissions'][':id'].consents.$get(param),
      ),
  });
  if (consents.isPending) return <p className="text-sm text-ink-700">Loading consents...</p>;
  if (consents.isError) return <ListError what="consents" />;
  if (consents.data.length === 0) return <p className="text-sm text-ink-700">No consent recorded.</p>;
  return (
    <ul className="grid gap-2 text-sm" aria-label="Consents">
      {consents.data.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center gap-2">
          <Badge tone={c.granted ? 'green' : 'gray'}>{c.granted ? 'Given' : 'Withdrawn'}</Badge>
          <span className="font-semibold text-ink-900">{PURPOSES[c.purpose] ?? c.purpose}</span>
          <span className="text-ink-700">
            {formatDateTime(c.createdAt)} · {c.method} · text {c.textVersion}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** 'Export data' of a client or a lead; the link goes to the signed-in staff member. */
function StaffExport({ subject }: { subject: { kind: 'client' | 'lead'; id: string } }) {
  const me = useQuery(adminQueries.me);
  const param = { param: { id: subject.id } };
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-bold text-ink-900">Data export</h3>
      <ExportRequest
        queryKey={[...(subject.kind === 'client' ? adminKeys.clients : adminKeys.leads), subject.id, 'exports']}
        label="Export data"
        sentTo={me.data?.username ?? 'your address'}
        ask={() =>
          unwrap(
            subject.kind === 'client'
              ? api.admin.clients[':id'].export.$post(param)
              : api.admin['contact-submissions'][':id'].export.$post(param),
          )
        }
        list={() =>
          unwrap(
            subject.kind === 'client'
              ? api.admin.clients[':id'].exports.$get(param)
              : api.admin['contact-submissions'][':id'].exports.$get(param),
          )
        }
      />
    </div>
  );
}

const KEPT =
  'Kept, for the legal obligation to keep business records: the projects, milestones, the team’s messages, and approvals with their hashes and dates.';

/** A client's privacy panel: consents and 'Erase this client'. */
export function ClientPrivacy({ client }: { client: { id: string; name: string; erasedAt?: string | null } }) {
  const erase = useAdminWrite(
    () => unwrap(api.admin.clients[':id'].erase.$post({ param: { id: client.id }, json: {} })),
    [adminKeys.clients, adminKeys.projects, adminKeys.communications, adminKeys.leads],
  );
  useEffect(() => {
    if (erase.isSuccess) toast({ title: 'Client erased', description: 'Their records now read Deleted client.' });
  }, [erase.isSuccess]);
  return (
    <Panel title="Privacy" id="client-privacy-heading">
      <h3 className="mb-2 text-sm font-bold text-ink-900">Consents</h3>
      <Consents subject={{ kind: 'client', id: client.id }} />
      {!client.erasedAt && <StaffExport subject={{ kind: 'client', id: client.id }} />}
      <div className="mt-4">
        {client.erasedAt ? (
          <p className="text-sm text-ink-700">Erased on {formatDateTime(client.erasedAt)}.</p>
        ) : (
          <ConfirmDelete
            trigger="text"
            label={`Erase ${client.name}`}
            title={`Erase ${client.name}?`}
            description={
              <>
                Goes now: their name, email, company and phone, their sign-ins (sessions, passkeys, two-step
                verification), the text of their messages, the files they uploaded, their newsletter subscription, and
                their leads and chats. {KEPT} This cannot be undone.
              </>
            }
            confirmLabel="Erase the client"
            mutation={erase}
            failureTitle="Could not erase the client"
          />
        )}
      </div>
    </Panel>
  );
}

/** A lead's 'Erase this lead'. */
export function LeadPrivacy({ lead }: { lead: { id: string; name: string; erasedAt?: string | null } }) {
  const erase = useAdminWrite(
    () => unwrap(api.admin['contact-submissions'][':id'].erase.$post({ param: { id: lead.id } })),
    [adminKeys.leads],
  );
  return (
    <Panel title="Privacy" id="lead-privacy-heading">
      <h3 className="mb-2 text-sm font-bold text-ink-900">Consents</h3>
      <Consents subject={{ kind: 'lead', id: lead.id }} />
      {!lead.erasedAt && <StaffExport subject={{ kind: 'lead', id: lead.id }} />}
      <div className="mt-4" />
      {lead.erasedAt ? (
        <p className="text-sm text-ink-700">Erased on {formatDateTime(lead.erasedAt)}.</p>
      ) : (
        <ConfirmDelete
          trigger="text"
          label={`Erase ${lead.name}`}
          title={`Erase ${lead.name}?`}
          description="Goes now: the name, email and phone, the message, the audit report, the notes, and the chats of this lead. The lead stays, as Deleted lead, with its date, source and status. This cannot be undone."
          confirmLabel="Erase the lead"
          mutation={erase}
          failureTitle="Could not erase the lead"
        />
      )}
    </Panel>
  );
}
