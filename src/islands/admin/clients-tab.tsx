/**
 * Clients tab (docs/product.md#clients-tab): 'Add Client', one card per client (name, email,
 * company and phone when present, created date) with edit and delete. Delete asks first and
 * names the projects that go with the client. 'Loading clients...', 'No clients found'.
 */
import { Building2, CalendarDays, Mail, Pencil, Phone, Plus, Users } from 'lucide-react';
import { telHref } from '../../shared/phone.ts';
import { formatDate } from '../lib/format.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { useDeleteClient } from './mutations.ts';
import { CARD, IconButton, QueryList, TabHeading } from './parts.tsx';
import { useClients, type AdminClient } from './queries.ts';
import { navigate } from './route.ts';
import { clientDeleteSummary } from './wording.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ClientCard({ client }: { client: AdminClient }) {
  const remove = useDeleteClient(client.id);
  return (
    <li className={CARD}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-bold wrap-anywhere text-ink-900">{client.name}</h3>
        <div className="-mt-2 -mr-2 flex shrink-0">
          <IconButton
            label={`Edit ${client.name}`}
            icon={Pencil}
            onClick={() => navigate(`clients/${client.id}`, 'push')}
          />
          <ConfirmDelete
            label={`Delete ${client.name}`}
            title="Delete this client?"
            description={clientDeleteSummary(client)}
            confirmLabel="Delete client"
            failureTitle="Could not delete the client"
            mutation={remove}
          />
        </div>
      </div>
      <ul className="mt-2 space-y-1.5 text-sm text-ink-700">
        <li className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          <a href={`mailto:${client.email}`} className="min-w-0 wrap-anywhere text-brand-700 hover:underline">
            {client.email}
          </a>
        </li>
        {client.company && (
          <li className="flex items-center gap-2">
            <Building2 aria-hidden="true" className="size-4 shrink-0" />
            {client.company}
          </li>
        )}
        {client.phone && (
          <li className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            {telHref(client.phone) ? (
              <a href={telHref(client.phone)!} className="text-brand-700 hover:underline">
                {client.phone}
              </a>
            ) : (
              client.phone
            )}
          </li>
        )}
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          Created {formatDate(client.createdAt)}
        </li>
      </ul>
      <p className="mt-3 text-sm font-semibold text-ink-900">{plural(client.projectCount, 'project', 'projects')}</p>
    </li>
  );
}

/** The Clients tab's panel. */
export function ClientsTab() {
  const clients = useClients();
  return (
    <section aria-labelledby="clients-heading">
      <TabHeading title="Clients" id="clients-heading">
        <button type="button" className="btn-primary" onClick={() => navigate('clients/new', 'push')}>
          <Plus aria-hidden="true" className="size-4" /> Add Client
        </button>
      </TabHeading>
      <QueryList
        query={clients}
        what="clients"
        loadingLabel="Loading clients..."
        emptyIcon={Users}
        emptyText="No clients found"
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        renderItem={(client) => <ClientCard key={client.id} client={client} />}
      />
    </section>
  );
}
