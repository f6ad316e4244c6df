/**
 * /admin (docs/product.md#dashboard): for signed-in staff, the counters (dashboard-counters.tsx), the
 * tabs with their counts (Clients, Projects, Messages, Contact Forms, Proposals), Invoices and Bookings
 * (docs/product.md#bookings), the full-page
 * client, project, proposal and invoice forms, a proposal's page (docs/product.md#proposals), an invoice's page
 * (docs/product.md#invoices), the latest admin events ('Recent activity'), and the staff member's own email
 * notifications switch (docs/product.md#settings-screen), and above the counters the undelivered
 * emails and the held email replies (docs/product.md#email-replies) while there are some. The
 * sign-in screen otherwise.
 * Everything follows live updates (docs/product.md#live-updates): a client's message shows up,
 * and the counters move, without a reload.
 */
import {
  CalendarClock,
  FileSignature,
  FolderKanban,
  Inbox,
  MailCheck,
  MessageSquare,
  MessagesSquare,
  ReceiptText,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { formatCount } from '../lib/format.ts';
import { LiveUpdates } from '../lib/live.ts';
import { ActivityLog } from './activity-log.tsx';
import { BookingsTab } from './bookings-tab.tsx';
import { ChatPage, ChatPresence, ChatsTab, useChatAlerts } from './chats.tsx';
import { AdminFrame } from './admin-frame.tsx';
import { Counters } from './dashboard-counters.tsx';
import { ClientForm } from './client-form.tsx';
import { ClientsTab } from './clients-tab.tsx';
import { LeadsTab } from './leads-tab.tsx';
import { MessagesTab } from './messages-tab.tsx';
import { ProjectForm } from './project-form.tsx';
import { ProjectsTab } from './projects-tab.tsx';
import { ProposalEditor } from './proposal-editor.tsx';
import { ProposalsTab } from './proposal-list.tsx';
import { ProposalPage } from './proposal-page.tsx';
import { InvoiceEditor } from './invoice-editor.tsx';
import { InvoicesTab } from './invoice-list.tsx';
import { InvoicePage } from './invoice-page.tsx';
import { NotificationRoutes, StaffNotifications } from './staff-notifications.tsx';
import { SubscribersTab } from './subscribers-tab.tsx';
import { UrgentLeadAlerts } from './urgent-lead-alerts.tsx';
import { UndeliveredEmails } from './undelivered-emails.tsx';
import { HeldEmails } from './held-emails.tsx';
import { ClientPage } from './client-page.tsx';
import { LeadPage } from './lead-page.tsx';
import { ProjectPage } from './project-page.tsx';
import { SecurityPage, TeamPage } from './security-pages.tsx';
import { adminLive, useChatCounts, useSummary, type AdminUser } from './queries.ts';
import { navigate, useView, type Tab } from './route.ts';

/** A tab's icon; left out from 1,280 to 1,535 px, where the nine tabs fit one row only without them. */
const TAB_ICON = 'size-4 shrink-0 xl:max-2xl:hidden';

const TAB_TRIGGER =
  'inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2.5 xl:px-2 2xl:px-3 text-sm font-semibold text-ink-700 hover:text-ink-900 data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm xl:whitespace-nowrap';

function TabLabel({ icon: Icon, label, count }: { icon: LucideIcon; label: string; count?: number }) {
  return (
    <>
      <Icon aria-hidden="true" className={TAB_ICON} />
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
      <HeldEmails />
      <Counters />
      <Tabs.Root value={tab} onValueChange={(next) => navigate(next)}>
        <Tabs.List
          aria-label="Dashboard sections"
          className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1 sm:inline-grid sm:grid-cols-3 xl:inline-flex xl:flex-wrap"
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
          <Tabs.Trigger value="invoices" className={TAB_TRIGGER}>
            <ReceiptText aria-hidden="true" className={TAB_ICON} />
            <span>Invoices</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="chats" className={TAB_TRIGGER}>
            <TabLabel icon={MessagesSquare} label="Chats waiting" count={chatCounts?.waiting} />
          </Tabs.Trigger>
          <Tabs.Trigger value="bookings" className={TAB_TRIGGER}>
            <CalendarClock aria-hidden="true" className={TAB_ICON} />
            <span>Bookings</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="subscribers" className={TAB_TRIGGER}>
            <MailCheck aria-hidden="true" className={TAB_ICON} />
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
        <Tabs.Content value="invoices" className="mt-6 focus-visible:outline-none">
          {tab === 'invoices' && <InvoicesTab params={params} />}
        </Tabs.Content>
        <Tabs.Content value="chats" className="mt-6 focus-visible:outline-none">
          {tab === 'chats' && <ChatsTab params={params} />}
        </Tabs.Content>
        <Tabs.Content value="bookings" className="mt-6 focus-visible:outline-none">
          {tab === 'bookings' && <BookingsTab params={params} />}
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
      'invoice-form': `${'id' in view && view.id ? 'Edit' : 'New'} invoice`,
      'invoice-page': 'Invoice',
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
  if (view.kind === 'invoice-form') return <InvoiceEditor id={view.id} clientId={view.clientId} />;
  if (view.kind === 'invoice-page') return <InvoicePage key={view.id} id={view.id} />;
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
