/**
 * The dashboard's counters (docs/product.md#dashboard), counted by the server in the summary:
 * Total Clients; Active Projects (status in-progress); Total Projects; Unread Messages (not read,
 * from the client); New Leads (7 days). Each shows '–' until the summary has loaded, and follows
 * live updates with its list.
 */
import { FolderKanban, Inbox, MessageSquare, PlayCircle, Users, type LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { useSummary } from './queries.ts';

function Counter({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value?: number;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-700/10 sm:p-5">
      <dt className="flex items-center gap-2 text-sm font-semibold text-ink-700 xl:flex-col xl:items-start">
        <span className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-lg', tone)}>
          <Icon aria-hidden="true" className="size-4" />
        </span>
        {label}
      </dt>
      <dd
        className="mt-2 text-2xl font-extrabold text-ink-900 sm:text-3xl"
        aria-busy={value === undefined || undefined}
      >
        {value ?? '–'}
      </dd>
    </div>
  );
}

/** The five counters in a grid: two columns on phones, three from 640 px, five from 1280 px. */
export function Counters() {
  const summary = useSummary().data;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
      <Counter label="Total Clients" value={summary?.totalClients} icon={Users} tone="bg-blue-100 text-blue-800" />
      <Counter
        label="Active Projects"
        value={summary?.activeProjects}
        icon={PlayCircle}
        tone="bg-yellow-100 text-yellow-800"
      />
      <Counter
        label="Total Projects"
        value={summary?.totalProjects}
        icon={FolderKanban}
        tone="bg-purple-100 text-purple-800"
      />
      <Counter
        label="Unread Messages"
        value={summary?.unreadMessages}
        icon={MessageSquare}
        tone="bg-red-100 text-red-800"
      />
      <Counter
        label="New Leads (7 days)"
        value={summary?.newLeadsThisWeek}
        icon={Inbox}
        tone="bg-green-100 text-green-800"
      />
    </dl>
  );
}
