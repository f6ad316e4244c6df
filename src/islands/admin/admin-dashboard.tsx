/**
 * /admin (docs/product.md#dashboard): for signed-in staff, the four counters (Total Clients; Active Projects,
 * status in-progress; Total Projects; Unread Messages, not read and from the client), the
 * tabs with their counts (Clients, Projects, Messages, Contact Forms, Proposals), the full-page
 * client, project and proposal forms, a proposal's page (docs/product.md#proposals), the latest admin events ('Recent activity'), and the staff member's own email
 * notifications switch (docs/product.md#settings-screen). The sign-in screen otherwise.
 * Everything follows live updates (docs/product.md#live-updates): a client's message shows up,
 * and the counters move, without a reload.
 */
import {
  FileSignature,
  FolderKanban,
  Inbox,
  MailCheck,
  MessageSquare,
  MessagesSquare,
  PlayCircle,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { formatCount } from '../lib/format.ts';
import { LiveUpdates } from '../lib/live.ts';
import { ActivityLog } from './activity-log.tsx';
import { ChatPage, ChatPresence, ChatsTab, useChatAlerts } from './chats.tsx';
import { AdminFrame } from './admin-frame.tsx';
import { ClientForm } from './client-form.tsx';
import { ClientsTab } from './clients-tab.tsx';
import { LeadsTab } from './leads-tab.tsx';
import { MessagesTab } from './messages-tab.tsx';
import { ProjectForm } from './project-form.tsx';
import { ProjectsTab } from './projects-tab.tsx';
import { ProposalEditor } from './proposal-editor.tsx';
import { ProposalsTab } from './proposal-list.tsx';
import { ProposalPage } from './proposal-page.tsx';
import { NotificationRoutes, StaffNotifications } from './staff-notifications.tsx';
import { SubscribersTab } from './subscribers-tab.tsx';
import { UrgentLeadAlerts } from './urgent-lead-alerts.tsx';
import { UndeliveredEmails } from './undelivered-emails.tsx';
import { ClientPage } from './client-page.tsx';
import { LeadPage } from './lead-page.tsx';
import { ProjectPage } from './project-page.tsx';
import { SecurityPage, TeamPage } from './security-pages.tsx';
import { adminLive, useChatCounts, useSummary, type AdminUser } from './queries.ts';
import { navigate, useView, type Tab } from './route.ts';

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

function Counters() {
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

const TAB_TRIGGER =
  'inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2.5 text-sm font-semibold text-ink-700 hover:text-ink-900 data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm xl:whitespace-nowrap';

function TabLabel({ icon: Icon, label, count }: { icon: LucideIcon; label: string; count?: number }) {
  return (
    <>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {label} ({count === undefined ? '…' : formatCount(count)})
      </span>
    </>
  );
}

function ListView({ tab, params, user }: { tab: Tab; params: string; user: AdminUser }) {
  const summary = useSummary().data;
  const chatCounts = useChatCounts().data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold text-ink-900">Dashboard</h1>
          <p className="mt-1 break-words text-ink-700">
            Signed in as {user.displayName}. Clients, projects, conversations and leads in one place.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <StaffNotifications user={user} />
          <ChatPresence />
        </div>
      </div>
      <NotificationRoutes />
      <UndeliveredEmails />
      <Counters />
      <Tabs.Root value={tab} onValueChange={(next) => navigate(next)}>
        <Tabs.List
          aria-label="Dashboard sections"
          className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1 sm:inline-grid sm:grid-cols-4 xl:inline-flex xl:flex-wrap"
        >
          <Tabs.Trigger value="clients" className={TAB_TRIGGER}>
            <TabLabel icon={Users} label="Clients" count={summary?.totalClients} />
          </Tabs.Trigger>
          <Tabs.Trigger value="projects" className={TAB_TRIGGER}>
            <TabLabel icon={FolderKanban} label="Projects" count={summary?.totalProjects} />
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={TAB_TRIGGER}>
            <TabLabel icon={MessageSquare} label="Messages" count={summary?.totalMessages} />
          </Tabs.Trigger>
          <Tabs.Trigger value="leads" className={TAB_TRIGGER}>
            <TabLabel icon={Inbox} label="Contact Forms" count={summary?.totalLeads} />
          </Tabs.Trigger>
          <Tabs.Trigger value="proposals" className={TAB_TRIGGER}>
            <TabLabel icon={FileSignature} label="Proposals" count={summary?.totalProposals} />
          </Tabs.Trigger>
          <Tabs.Trigger value="chats" className={TAB_TRIGGER}>
            <TabLabel icon={MessagesSquare} label="Chats waiting" count={chatCounts?.waiting} />
          </Tabs.Trigger>
          <Tabs.Trigger value="subscribers" className={TAB_TRIGGER}>
            <MailCheck aria-hidden="true" className="size-4 shrink-0" />
            <span>Subscribers</span>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="clients" className="mt-6 focus-visible:outline-none">
          {tab === 'clients' && <ClientsTab params={params} />}
        </Tabs.Content>
        <Tabs.Content value="projects" className="mt-6 focus-visible:outline-none">
          {tab === 'projects' && <ProjectsTab params={params} />}
        </Tabs.Content>
        <Tabs.Content value="messages" className="mt-6 focus-visible:outline-none">
          {tab === 'messages' && <MessagesTab params={params} />}
        </Tabs.Content>
        <Tabs.Content value="leads" className="mt-6 focus-visible:outline-none">
          {tab === 'leads' && <LeadsTab params={params} />}
        </Tabs.Content>
        <Tabs.Content value="proposals" className="mt-6 focus-visible:outline-none">
          {tab === 'proposals' && <ProposalsTab params={params} />}
        </Tabs.Content>
        <Tabs.Content value="chats" className="mt-6 focus-visible:outline-none">
          {tab === 'chats' && <ChatsTab params={params} />}
        </Tabs.Content>
        <Tabs.Content value="subscribers" className="mt-6 focus-visible:outline-none">
          {tab === 'subscribers' && <SubscribersTab params={params} />}
        </Tabs.Content>
      </Tabs.Root>
      <ActivityLog />
    </div>
  );
}

/** Returns focus to the tab list when coming back from a form, so keyboard users keep their place. */
function useFocusOnReturn(kind: string) {
  const previous = useRef(kind);
  useEffect(() => {
    if (previous.current !== 'list' && kind === 'list') {
      document.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
    }
    previous.current = kind;
  }, [kind]);
}

function Dashboard({ user }: { user: AdminUser }) {
  const view = useView();
  useFocusOnReturn(view.kind);
  const pageTitle = useRef<string | null>(null);
  // Chats waiting for a first answer show in the browser tab's title: '(2) Dashboard | …'.
  const waitingChats = useChatAlerts();
  useEffect(() => {
    pageTitle.current ??= document.title;
    const titles = {
      'client-form': `${'id' in view && view.id ? 'Edit' : 'Add'} Client`,
      'project-form': `${'id' in view && view.id ? 'Edit' : 'Add'} Project`,
      'proposal-form': `${'id' in view && view.id ? 'Edit' : 'New'} proposal`,
      'proposal-page': 'Proposal',
      'client-page': 'Client',
      'project-page': 'Project',
      'lead-page': 'Lead',
      'chat-page': 'Chat',
      security: 'Sign-in and security',
      team: 'Team',
      list: null,
    };
    const form = titles[view.kind];
    const title = form ? `${form} | ${pageTitle.current}` : pageTitle.current;
    document.title = waitingChats > 0 ? `(${waitingChats}) ${title}` : title;
  }, [view.kind, 'id' in view ? view.id : null, waitingChats]);
  if (user.twoFactorSetupRequired) return <SecurityPage setupRequired />;
  if (view.kind === 'security') return <SecurityPage user={user} />;
  if (view.kind === 'team') return <TeamPage user={user} />;
  if (view.kind === 'client-form') return <ClientForm id={view.id} />;
  if (view.kind === 'project-form') return <ProjectForm id={view.id} />;
  if (view.kind === 'proposal-form') {
    return <ProposalEditor id={view.id} clientId={view.clientId} leadId={view.leadId} />;
  }
  if (view.kind === 'proposal-page') return <ProposalPage key={view.id} id={view.id} />;
  if (view.kind === 'client-page') return <ClientPage key={view.id} id={view.id} />;
  if (view.kind === 'project-page') return <ProjectPage key={view.id} id={view.id} />;
  if (view.kind === 'lead-page') return <LeadPage key={view.id} id={view.id} />;
  if (view.kind === 'chat-page') return <ChatPage key={view.id} id={view.id} />;
  return <ListView tab={view.tab} params={view.params} user={user} />;
}

export default function AdminDashboard() {
  return (
    <AdminFrame>
      {(user) => (
        <LiveUpdates kind="staff" refresh={adminLive}>
          <UrgentLeadAlerts />
          <Dashboard user={user} />
        </LiveUpdates>
      )}
    </AdminFrame>
  );
}
