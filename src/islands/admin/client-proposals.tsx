/**
 * The `Proposals` section of a client's page (docs/product.md#client-page,
 * docs/product.md#proposals): `Write a proposal` (the editor with the client chosen) and the
 * client's proposals, newest first, each with its status, version, totals and valid-until day.
 */
import { FileSignature } from 'lucide-react';
import { formatDate } from '../lib/format.ts';
import { PagedList } from './list-view.tsx';
import { Panel } from './page-frame.tsx';
import { ProposalLink, ProposalStatusBadge, TotalsText } from './proposal-parts.tsx';
import { useProposalPages, type AdminClient } from './queries.ts';
import { navigate } from './route.ts';

/** The client's proposals, newest first, each with its status, totals and valid-until day. */
export function ClientProposals({ client }: { client: AdminClient }) {
  const proposals = useProposalPages({ clientId: client.id, limit: '20' });
  return (
    <Panel title="Proposals" id="client-proposals-heading">
      <div className="grid gap-3">
        <div>
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
            onClick={() => navigate(`proposals/new?clientId=${encodeURIComponent(client.id)}`, 'push')}
          >
            <FileSignature aria-hidden="true" className="size-4" /> Write a proposal
            <span className="sr-only"> for {client.name}</span>
          </button>
        </div>
        <PagedList
          query={proposals}
          what="proposals"
          loadingLabel="Loading proposals..."
          emptyIcon={FileSignature}
          emptyText="No proposals yet"
        >
          {(items) => (
            <ul className="grid gap-2">
              {items.map((proposal) => (
                <li
                  key={proposal.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-ink-700/10 pb-2 text-sm last:border-b-0"
                >
                  <span className="min-w-0">
                    <ProposalLink id={proposal.id} title={proposal.title} />
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-ink-700">
                      <ProposalStatusBadge status={proposal.status} />
                      Version {proposal.version} · valid until {formatDate(proposal.validUntil)}
                    </span>
                  </span>
                  <span className="text-right text-ink-900">
                    <TotalsText totals={proposal.totals} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </Panel>
  );
}
