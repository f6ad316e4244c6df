/**
 * A lead's status select (docs/product.md#leads): New, Contacted, Won, Lost. It shows the chosen
 * status while the change is saved, and a failure as the toast 'Could not change the lead
 * status' with the server's message or 'Please try again.'.
 */
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/projects.ts';
import { messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { useSetLeadStatus } from './mutations.ts';
import type { AdminLead } from './queries.ts';

/** The select for `lead`; named by the label `id` points at, or by `aria-label`. */
export function LeadStatusSelect({
  lead,
  className,
  ...naming
}: {
  lead: AdminLead;
  className: string;
} & ({ id: string } | { 'aria-label': string })) {
  const setStatus = useSetLeadStatus(lead.id);
  return (
    <select
      {...naming}
      className={className}
      value={setStatus.isPending ? setStatus.variables : lead.status}
      aria-busy={setStatus.isPending || undefined}
      onChange={(event) =>
        setStatus.mutate(event.target.value as LeadStatus, {
          onError: (error) =>
            toast({
              title: 'Could not change the lead status',
              description: messageOf(error, 'Please try again.'),
              variant: 'destructive',
            }),
        })
      }
    >
      {LEAD_STATUSES.map((s) => (
        <option key={s} value={s}>
          {s === 'new' ? 'New' : LEAD_STATUS_LABELS[s]}
        </option>
      ))}
    </select>
  );
}
