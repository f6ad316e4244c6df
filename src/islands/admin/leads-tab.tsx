/**
 * Contact Forms tab (docs/product.md#leads): each lead with its name, status badge ('New
 * Lead' while new), date and time, the email as a mailto link, and the message. 'Reply via
 * Email' opens a prefilled reply quoting the message. The 'Call' button appears only for a real
 * phone number (never a tel: link built from an email). The lead's status (new, contacted, won,
 * lost) can be changed, and every lead downloaded as CSV. 'No contact submissions found'.
 */
import { AlertTriangle, Download, Inbox, Mail, Phone, Reply } from 'lucide-react';
import { useId } from 'react';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/projects.ts';
import { telHref } from '../../shared/phone.ts';
import { HOW_DID_YOU_FIND_US_LABELS, type HowDidYouFindUs } from '../../shared/schemas/contact.ts';
import { apiLinks, messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { ConvertLeadDialog } from './convert-lead-dialog.tsx';
import { LeadNotes } from './lead-notes.tsx';
import { useSetLeadStatus } from './mutations.ts';
import { Badge, CARD, QueryList, TabHeading } from './parts.tsx';
import { useLeads, type AdminLead } from './queries.ts';
import { replyMailto } from './wording.ts';

const STATUS_TONE = { new: 'blue', contacted: 'amber', won: 'green', lost: 'gray' } as const;
const SOURCE_LABELS: Record<string, string> = {
  landing: 'Contact form',
  audit: 'Website audit',
  emergency: 'Emergency support',
};

const ACTION =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50';

function LeadCard({ lead }: { lead: AdminLead }) {
  const statusId = useId();
  const setStatus = useSetLeadStatus(lead.id);
  const changeStatus = (status: LeadStatus) =>
    setStatus.mutate(status, {
      onError: (error) =>
        toast({
          title: 'Could not change the lead status',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  const tel = telHref(lead.phone);
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="font-bold wrap-anywhere text-ink-900">{lead.name}</h3>
          <Badge tone={STATUS_TONE[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
          {lead.clientId && <Badge tone="green">Client</Badge>}
          {lead.urgent && (
            <Badge tone="red">
              <AlertTriangle aria-hidden="true" className="mr-1 size-3" /> Urgent
            </Badge>
          )}
        </div>
        <time dateTime={lead.createdAt} className="text-sm text-ink-700">
          {formatDateTime(lead.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-ink-700">
        {SOURCE_LABELS[lead.source] ?? lead.source}
        {lead.subject ? ` · ${lead.subject}` : ''}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {lead.email && (
          <li className="flex items-center gap-2 text-ink-700">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <a href={`mailto:${lead.email}`} className="min-w-0 wrap-anywhere text-brand-700 hover:underline">
              {lead.email}
            </a>
          </li>
        )}
        {lead.phone && (
          <li className="flex items-center gap-2 text-ink-700">
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            {lead.phone}
          </li>
        )}
      </ul>
      <p className="mt-3 whitespace-pre-line text-ink-900">{lead.message}</p>
      {(lead.services?.length || lead.howDidYouFindUs || lead.auditScore !== null) && (
        <dl className="mt-3 grid gap-1 text-sm text-ink-700">
          {lead.services && lead.services.length > 0 && (
            <div>
              <dt className="inline font-semibold">Services: </dt>
              <dd className="inline">{lead.services.join(', ')}</dd>
            </div>
          )}
          {lead.auditScore !== null && (
            <div>
              <dt className="inline font-semibold">Audit score: </dt>
              <dd className="inline">{lead.auditScore}/100</dd>
            </div>
          )}
          {lead.howDidYouFindUs && (
            <div>
              <dt className="inline font-semibold">How they found us: </dt>
              <dd className="inline">
                {HOW_DID_YOU_FIND_US_LABELS[lead.howDidYouFindUs as HowDidYouFindUs] ?? lead.howDidYouFindUs}
              </dd>
            </div>
          )}
        </dl>
      )}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          {lead.email && (
            <a href={replyMailto(lead)} className={ACTION}>
              <Reply aria-hidden="true" className="size-4" /> Reply via Email
              <span className="sr-only"> to {lead.name}</span>
            </a>
          )}
          {tel && (
            <a href={tel} className={ACTION}>
              <Phone aria-hidden="true" className="size-4" /> Call
              <span className="sr-only"> {lead.name}</span>
            </a>
          )}
          {lead.email && !lead.clientId && <ConvertLeadDialog lead={lead} className={ACTION} />}
        </div>
        <div>
          <label htmlFor={statusId} className="block text-xs font-semibold text-ink-700">
            Lead status<span className="sr-only"> of {lead.name}</span>
          </label>
          <select
            id={statusId}
            className="field-input mt-1 py-1.5"
            value={setStatus.isPending ? setStatus.variables : lead.status}
            aria-busy={setStatus.isPending || undefined}
            onChange={(event) => changeStatus(event.target.value as LeadStatus)}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'new' ? 'New' : LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <LeadNotes leadId={lead.id} leadName={lead.name} />
    </li>
  );
}

/** The Contact Forms tab's panel. */
export function LeadsTab() {
  const leads = useLeads();
  return (
    <section aria-labelledby="leads-heading">
      <TabHeading title="Contact Form Submissions" id="leads-heading">
        <a href={apiLinks.leadsCsv} download className="btn-secondary">
          <Download aria-hidden="true" className="size-4" /> Download CSV
        </a>
      </TabHeading>
      <QueryList
        query={leads}
        what="contact submissions"
        loadingLabel="Loading contact submissions..."
        emptyIcon={Inbox}
        emptyText="No contact submissions found"
        className="grid gap-4 lg:grid-cols-2"
        renderItem={(lead) => <LeadCard key={lead.id} lead={lead} />}
      />
    </section>
  );
}
