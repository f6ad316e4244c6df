/**
 * Clients tab (docs/product.md#clients-tab): 'Add Client', search, filters and sort
 * (docs/product.md#lists), a table on wide screens or one card per client on phones (name, email,
 * company and phone when present, created date) with edit and delete; the name opens the client's page. Delete asks first and
 * names the projects that go with the client. 'Loading clients...', 'No clients found'. A self-registered
 * account whose email is not confirmed yet carries an 'Unconfirmed' badge, and the 'Email' filter
 * shows confirmed or unconfirmed accounts only (docs/product.md#registration).
 */
import { Building2, CalendarDays, Mail, Pencil, Phone, Plus, Users } from 'lucide-react';
import { telHref } from '../../shared/phone.ts';
import { formatDate } from '../lib/format.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { useDeleteClient } from './mutations.ts';
import { apiParams, FilterSelect, ListBody, useListParams, type Column } from './list-view.tsx';
import { Badge, CARD, IconButton, TabHeading } from './parts.tsx';
import { useClientPages, type AdminClient } from './queries.ts';
import { navigate } from './route.ts';
import { clientDeleteSummary } from './wording.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The badge of an account whose email is not confirmed yet. */
function UnconfirmedBadge() {
  return (
    <span className="ml-2 inline-block align-middle">
      <Badge tone="amber">Unconfirmed</Badge>
    </span>
  );
}

/** Edit and delete (which asks first and names the projects that go too). */
function ClientActions({ client, className }: { client: AdminClient; className: string }) {
  const remove = useDeleteClient(client.id);
  return (
    <div className={className}>
      <IconButton
        label={`Edit ${client.name}`}
        text="Edit"
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
  );
}

function ClientCard({ client }: { client: AdminClient }) {
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-48 flex-1 text-lg font-bold wrap-anywhere text-ink-900">
          <a href={`#client/${client.id}`} className="hover:underline">
            {client.name}
          </a>
          {!client.confirmed && <UnconfirmedBadge />}
        </h3>
        <ClientActions client={client} className="-mr-2 -ml-2.5 flex shrink-0" />
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

const SORT_OPTIONS = [
  ['createdAt.desc', 'Newest first'],
  ['createdAt.asc', 'Oldest first'],
  ['name.asc', 'Name A–Z'],
  ['name.desc', 'Name Z–A'],
  ['email.asc', 'Email A–Z'],
  ['company.asc', 'Company A–Z'],
] as const;

const COLUMNS: Column<AdminClient>[] = [
  {
    key: 'name',
    header: 'Name',
    sort: 'name',
    cell: (c) => (
      <>
        <a href={`#client/${c.id}`} tabIndex={-1} className="font-semibold break-words text-brand-700 hover:underline">
          {c.name}
        </a>
        {!c.confirmed && <UnconfirmedBadge />}
      </>
    ),
  },
  { key: 'email', header: 'Email', sort: 'email', cell: (c) => <span className="break-words">{c.email}</span> },
  { key: 'company', header: 'Company', sort: 'company', cell: (c) => c.company ?? '–' },
  { key: 'phone', header: 'Phone', cell: (c) => <span className="whitespace-nowrap">{c.phone ?? '–'}</span> },
  { key: 'projects', header: 'Projects', cell: (c) => c.projectCount, className: 'text-right' },
  {
    key: 'created',
    header: 'Created',
    sort: 'createdAt',
    cell: (c) => <span className="whitespace-nowrap">{formatDate(c.createdAt)}</span>,
  },
  {
    key: 'actions',
    header: 'Actions',
    cell: (c) => <ClientActions client={c} className="-my-2 flex justify-end" />,
    className: 'w-24 text-right',
  },
];

/** The Clients tab's panel; `params` are its search, filters and sort from the address. */
export function ClientsTab({ params }: { params: string }) {
  const state = useListParams('clients', params);
  const clients = useClientPages(apiParams(state.values));
  return (
    <section aria-labelledby="clients-heading">
      <TabHeading title="Clients" id="clients-heading">
        <button type="button" className="btn-primary" onClick={() => navigate('clients/new', 'push')}>
          <Plus aria-hidden="true" className="size-4" /> Add Client
        </button>
      </TabHeading>
      <ListBody
        state={state}
        searchLabel="Search clients"
        filters={
          <>
            <FilterSelect
              label="Account"
              value={state.values.active ?? ''}
              options={[
                ['', 'All'],
                ['true', 'Active'],
                ['false', 'Inactive'],
              ]}
              onChange={(active) => state.set({ active })}
            />
            <FilterSelect
              label="Email"
              value={state.values.confirmed ?? ''}
              options={[
                ['', 'All'],
                ['true', 'Confirmed'],
                ['false', 'Unconfirmed'],
              ]}
              onChange={(confirmed) => state.set({ confirmed })}
            />
          </>
        }
        sortOptions={SORT_OPTIONS}
        query={clients}
        what="clients"
        loadingLabel="Loading clients..."
        emptyIcon={Users}
        emptyText="No clients found"
        table={{
          caption: 'Clients',
          columns: COLUMNS,
          onOpen: (client) => navigate(`client/${client.id}`, 'push'),
          rowLabel: (client) => client.name,
        }}
        cards={(items) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {items.map((client) => (
              <ClientCard key={client.id} client={client} />
            ))}
          </ul>
        )}
      />
    </section>
  );
}
