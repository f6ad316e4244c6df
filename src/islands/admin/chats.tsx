/**
 * Live chat on the dashboard (docs/product.md#live-chat):
 *
 * - `ChatsTab`: the conversations waiting for a first answer, open, closed or all, the most
 *   recent first, each with the visitor, the page they chatted from, when they were first seen,
 *   the last message, the unread count and who took it; everything follows the live stream.
 * - `ChatPage` ('#chat/{id}'): one conversation. Its messages (new ones announced politely), the
 *   visitor's typing, and a reply box (Enter sends, Shift+Enter starts a line); 'Assign to me',
 *   'Close' or 'Open again', and 'Convert to lead' or the lead and client it is linked to. Opening
 *   it, and a visitor's message arriving while it is open, mark it read: the visitor sees 'Seen'.
 * - How staff can reach the visitor, in the list and on the chat's page: 'Visitor is here now',
 *   'Reachable by email' or 'Not reachable: no email yet' (`chatReach`, re-read every 15 s);
 *   closing a chat whose visitor cannot be reached asks first.
 * - `ChatPresence`: the heartbeat every 30 s that counts this staff member as online, an 'Away'
 *   switch, the waiting chats in the browser tab's title, and an optional sound for a new one.
 */
import { Bell, BellOff, MessagesSquare } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { AlertDialog as A } from 'radix-ui';
import { useDeferredValue, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX, CHAT_REACH_TEXT, chatReach, type ChatReach } from '../../shared/chat.ts';
import { api, unwrap } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { formatDateTime } from '../lib/format.ts';
import { ViaEmail } from '../ui/via-email.tsx';
import { useFailureToast } from '../lib/use-failure-toast.ts';
import { useSinglePress } from '../lib/use-submit.ts';
import { Switch } from '../ui/switch.tsx';
import { useChatReply, useConvertChat, useLinkChat, useMarkChatRead, useUpdateChat } from './mutations.ts';
import { Badge, ListError, TabHeading } from './parts.tsx';
import { Panel, RecordPage } from './page-frame.tsx';
import { useChat, useChatCounts, useChats, useVisitorTyping, type AdminChat, type AdminChatDetail } from './queries.ts';
import { showList } from './route.ts';

const STATUS_FILTERS = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: '', label: 'All' },
] as const;

const STATUS_TONE = { waiting: 'red', open: 'green', closed: 'gray' } as const;
const STATUS_LABEL = { waiting: 'Waiting', open: 'Open', closed: 'Closed' } as const;

const REACH_TONE = { here: 'green', email: 'blue', none: 'red' } as const;

/** The time now, in ms, renewed every `everyMs`: what changes with time alone shows it. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** How the visitor can be reached now (docs/product.md#live-chat); closed chats need no answer. */
function useReach(chat: Pick<AdminChat, 'email' | 'visitorReadAt'>): ChatReach {
  return chatReach(chat, useNow(15_000));
}

function ReachBadge({ chat }: { chat: AdminChat }) {
  const reach = useReach(chat);
  if (chat.status === 'closed') return null;
  return <Badge tone={REACH_TONE[reach]}>{CHAT_REACH_TEXT[reach]}</Badge>;
}

/** Who the visitor is, in words: their name, their email, or 'Visitor'. */
function visitorName(chat: Pick<AdminChat, 'name' | 'email' | 'clientName'>): string {
  return chat.clientName ?? chat.name ?? chat.email ?? 'Visitor';
}

/** A message's text, with web addresses as links that pass no ranking, referrer or opener. */
function MessageText({ body }: { body: string }) {
  return (
    <>
      {body.split(/(\s+)/).map((part, i) =>
        /^https?:\/\//i.test(part) && URL.canParse(part) ? (
          <a key={i} href={part} rel="nofollow noopener noreferrer ugc" target="_blank" className="underline break-all">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function ChatRow({ chat }: { chat: AdminChat }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-700/10">
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={`#chat/${encodeURIComponent(chat.id)}`}
          className="min-w-0 font-bold wrap-anywhere text-brand-700 hover:underline"
        >
          {visitorName(chat)}
        </a>
        <Badge tone={STATUS_TONE[chat.status]}>{STATUS_LABEL[chat.status]}</Badge>
        {chat.unread > 0 && <Badge tone="blue">{chat.unread === 1 ? '1 unread' : `${chat.unread} unread`}</Badge>}
        {chat.offline && <Badge tone="amber">Reply by email</Badge>}
        <ReachBadge chat={chat} />
        {chat.replyUnread && chat.status !== 'closed' && <Badge tone="gray">Reply not seen yet</Badge>}
      </div>
      {chat.lastMessage && (
        <p className="mt-1 line-clamp-2 wrap-anywhere text-ink-700">
          <span className="font-semibold">{chat.lastMessage.author === 'visitor' ? 'Visitor: ' : 'Team: '}</span>
          {chat.lastMessage.body}
        </p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
        <span>
          First seen <time dateTime={chat.createdAt}>{formatDateTime(chat.createdAt)}</time>
        </span>
        {chat.page && <span className="wrap-anywhere">on {chat.page}</span>}
        <span>{chat.assignedName ? `Taken by ${chat.assignedName}` : 'Not taken'}</span>
        {chat.clientName && <span>Client: {chat.clientName}</span>}
        {chat.leadName && !chat.clientName && <span>Lead: {chat.leadName}</span>}
      </p>
    </li>
  );
}

/** The Chats tab: one status at a time (waiting first), the most recent first. */
export function ChatsTab({ params }: { params: string }) {
  const asked = new URLSearchParams(params).get('status') ?? 'waiting';
  const status = asked === 'all' ? '' : asked;
  const query: Record<string, string> = status ? { status } : {};
  const chats = useChats(query);
  const counts = useChatCounts().data;
  return (
    <section aria-labelledby="chats-heading">
      <TabHeading title="Chats" id="chats-heading">
        <div role="group" aria-label="Show chats" className="flex flex-wrap gap-1 rounded-xl bg-slate-200/70 p-1">
          {STATUS_FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              aria-pressed={status === filter.value}
              onClick={() => showList('chats', { status: filter.value || 'all' }, 'push')}
              className={cn(
                'rounded-lg px-3 py-2 text-sm font-semibold text-ink-700',
                status === filter.value && 'bg-white text-ink-900 shadow-sm',
              )}
            >
              {filter.label}
              {filter.value === 'waiting' && counts ? ` (${counts.waiting})` : ''}
            </button>
          ))}
        </div>
      </TabHeading>
      {chats.isError ? (
        <ListError what="chats" />
      ) : chats.data === undefined ? (
        <p className="text-ink-700">Loading the chats…</p>
      ) : chats.data.items.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-ink-700 ring-1 ring-ink-700/10">
          {status === 'waiting' ? 'Nobody is waiting for an answer.' : 'No chats here yet.'}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={`${chats.data.total} chats`}>
          {chats.data.items.map((chat) => (
            <ChatRow key={chat.id} chat={chat} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Messages({ chat }: { chat: AdminChatDetail }) {
  const log = useRef<HTMLOListElement>(null);
  const typing = useVisitorTyping(chat.id);
  const last = chat.messages.at(-1);
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [chat.messages.length]);
  return (
    <>
      <ol ref={log} aria-label="Messages" className="flex max-h-[32rem] flex-col gap-2 overflow-y-auto">
        {chat.messages.map((message) => (
          <li
            key={message.id}
            className={cn(
              'max-w-[85%] rounded-2xl px-3 py-2',
              message.author === 'staff'
                ? 'self-end rounded-br-sm bg-brand-700 text-white'
                : 'self-start rounded-bl-sm bg-slate-100 text-ink-900',
            )}
          >
            <span className="block text-xs opacity-90">
              {message.author === 'staff' ? (message.staffName ?? 'Team') : visitorName(chat)} ·{' '}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>{' '}
              <ViaEmail via={message.via} />
            </span>
            <span className="block whitespace-pre-wrap wrap-anywhere">
              <MessageText body={message.body} />
            </span>
          </li>
        ))}
      </ol>
      {/* A visitor's new message, read aloud once; and their typing. */}
      <p className="sr-only" role="status" aria-live="polite">
        {last?.author === 'visitor' ? `${visitorName(chat)}: ${last.body}` : ''}
      </p>
      <p className="mt-2 min-h-6 text-sm text-ink-700" aria-live="polite">
        {typing ? `${visitorName(chat)} is typing…` : ''}
      </p>
    </>
  );
}

function ReplyBox({ chat }: { chat: AdminChatDetail }) {
  const reply = useSinglePress(useChatReply(chat.id));
  const reach = useReach(chat);
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const lastTyping = useRef(0);
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    // A second Enter while the reply is on its way sends nothing more.
    if (reply.pending) return;
    const text = body.trim();
    if (!text) {
      setError('Please write a reply.');
      return;
    }
    setError('');
    reply.press(text, {
      // What was typed meanwhile stays: only the reply that was sent leaves the box.
      onSuccess: () => setBody((current) => (current.trim() === text ? '' : current)),
      onError: () => setError('The reply could not be sent. Please try again.'),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  const onTyping = (value: string) => {
    setBody(value);
    if (Date.now() - lastTyping.current < 2000) return;
    lastTyping.current = Date.now();
    void api.admin.chats[':id'].typing.$post({ param: { id: chat.id } }).catch(() => undefined);
  };
  return (
    <form onSubmit={send} noValidate className="mt-4 grid gap-2">
      <label htmlFor="chat-reply" className="field-label">
        Reply{chat.email && (chat.offline || reach !== 'here') ? ` (emailed to ${chat.email})` : ''}
      </label>
      <textarea
        id="chat-reply"
        rows={3}
        maxLength={CHAT_MESSAGE_MAX}
        value={body}
        onChange={(event) => onTyping(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'chat-reply-error' : undefined}
        className="field-input"
      />
      {error && (
        <p id="chat-reply-error" role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-700">Enter sends; Shift+Enter starts a new line.</p>
        <button type="submit" className="btn-primary" disabled={reply.pending}>
          Send reply
        </button>
      </div>
    </form>
  );
}

function ChatActions({ chat }: { chat: AdminChatDetail }) {
  const failure = useFailureToast();
  const options = {
    onSuccess: () => failure.clear(),
    onError: () => failure.show({ title: 'The chat could not be changed', description: 'Please try again.' }),
  };
  const updateChat = useSinglePress(useUpdateChat(chat.id));
  const convertChat = useSinglePress(useConvertChat(chat.id));
  const update = {
    mutate: (change: { assignToMe?: true; status?: 'open' | 'closed'; confirmUnreachable?: true }) =>
      updateChat.press(change, options),
  };
  const convert = { mutate: () => convertChat.press(undefined, options) };
  const reach = useReach(chat);
  const [confirmClose, setConfirmClose] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      {!chat.assignedTo && (
        <button type="button" className="btn-secondary" onClick={() => update.mutate({ assignToMe: true })}>
          Assign to me
        </button>
      )}
      {chat.status === 'closed' ? (
        <button type="button" className="btn-secondary" onClick={() => update.mutate({ status: 'open' })}>
          Open again
        </button>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            reach === 'none'
              ? setConfirmClose(true)
              : updateChat.press(
                  { status: 'closed' },
                  {
                    ...options,
                    // The visitor left meanwhile: the server asks for the confirmation.
                    onError: (error) =>
                      /cannot be reached/.test(error.message) ? setConfirmClose(true) : options.onError(),
                  },
                )
          }
        >
          Close
        </button>
      )}
      <A.Root open={confirmClose} onOpenChange={setConfirmClose}>
        <A.Portal>
          <A.Overlay data-overlay className="dialog-overlay fixed inset-0 z-[150] bg-ink-950/70" />
          <A.Content className="dialog-content fixed top-1/2 left-1/2 z-[160] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-ink-900 shadow-2xl focus:outline-none">
            <A.Title className="text-xl font-bold">Close a chat nobody can answer?</A.Title>
            <A.Description className="mt-2 text-ink-700">
              {`The visitor cannot be reached: they left no email and are not on the site now. ${
                chat.unread > 0 || chat.replyUnread ? 'Messages in this chat are still unread. ' : ''
              }Once closed, this chat no longer waits in the Chats tab.`}
            </A.Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <A.Cancel className="btn-secondary">Keep it open</A.Cancel>
              <A.Action
                className="btn-danger"
                onClick={() => update.mutate({ status: 'closed', confirmUnreachable: true })}
              >
                Close anyway
              </A.Action>
            </div>
          </A.Content>
        </A.Portal>
      </A.Root>
      {!chat.leadId && !chat.clientId && (
        <button type="button" className="btn-secondary" onClick={() => convert.mutate()}>
          Convert to lead
        </button>
      )}
    </div>
  );
}

/** Finds a client or a lead (by name or email) and links the chat to it. */
function LinkChat({ chat }: { chat: AdminChatDetail }) {
  const id = useId();
  const [text, setText] = useState(chat.email ?? '');
  const q = useDeferredValue(text.trim());
  const enabled = q.length >= 2;
  const clients = useQuery({
    queryKey: ['admin', 'chat-link', 'clients', q],
    queryFn: () => unwrap(api.admin.clients.$get({ query: { q, limit: '5' } })),
    enabled,
  });
  const leads = useQuery({
    queryKey: ['admin', 'chat-link', 'leads', q],
    queryFn: () => unwrap(api.admin['contact-submissions'].$get({ query: { q, limit: '5' } })),
    enabled,
  });
  const link = useLinkChat(chat.id);
  const failure = useFailureToast();
  const choose = (target: { leadId: string } | { clientId: string }) =>
    link.mutate(target, {
      onSuccess: () => failure.clear(),
      onError: () => failure.show({ title: 'The chat could not be linked', description: 'Please try again.' }),
    });
  const found = [
    ...(clients.data?.items ?? []).map((c) => ({
      key: `c${c.id}`,
      label: `Client: ${c.name} (${c.email})`,
      target: { clientId: c.id },
    })),
    ...(leads.data?.items ?? []).map((l) => ({
      key: `l${l.id}`,
      label: `Lead: ${l.name}${l.email ? ` (${l.email})` : ''}`,
      target: { leadId: l.id },
    })),
  ];
  return (
    <div className="mt-4 border-t border-ink-700/10 pt-4">
      <label htmlFor={id} className="field-label">
        Link to a client or lead
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Name or email"
        className="field-input"
      />
      {enabled && (
        <ul className="mt-2 grid gap-1" aria-label="Matches">
          {found.length === 0 && !clients.isPending && !leads.isPending && (
            <li className="text-sm text-ink-700">No client or lead matches.</li>
          )}
          {found.map((match) => (
            <li key={match.key}>
              <button
                type="button"
                className="min-h-11 w-full rounded-lg px-2 py-1 text-left text-sm wrap-anywhere text-brand-700 hover:bg-brand-50"
                onClick={() => choose(match.target)}
              >
                {`Link to ${match.label}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One conversation: '#chat/{id}'. */
export function ChatPage({ id }: { id: string }) {
  const query = useChat(id);
  const markRead = useMarkChatRead(id);
  const unread = query.data?.unread ?? 0;
  useEffect(() => {
    // Read when opened, and when a visitor's message comes while it is open.
    if (unread > 0 && !markRead.isPending) markRead.mutate();
  }, [unread]);
  return (
    <RecordPage
      query={query}
      what="chat"
      backHref="#chats"
      backLabel="All chats"
      title={(chat) => `Chat with ${visitorName(chat)}`}
      actions={(chat) => <ChatActions chat={chat} />}
    >
      {(chat) => (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Panel title="Conversation" id="chat-conversation-heading">
            <Messages chat={chat} />
            <ReplyBox chat={chat} />
          </Panel>
          <Panel title="Visitor" id="chat-visitor-heading">
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="font-semibold text-ink-900">Status</dt>
                <dd>
                  <Badge tone={STATUS_TONE[chat.status]}>{STATUS_LABEL[chat.status]}</Badge>
                </dd>
              </div>
              {chat.email && (
                <div>
                  <dt className="font-semibold text-ink-900">Email</dt>
                  <dd>
                    <a href={`mailto:${chat.email}`} className="wrap-anywhere text-brand-700 underline">
                      {chat.email}
                    </a>
                  </dd>
                </div>
              )}
              {chat.status !== 'closed' && (
                <div>
                  <dt className="font-semibold text-ink-900">Can we reach them?</dt>
                  <dd>
                    <ReachBadge chat={chat} />
                    {chat.replyUnread && <span className="mt-1 block">The team’s last reply is not seen yet.</span>}
                  </dd>
                </div>
              )}
              <div>
                <dt className="font-semibold text-ink-900">First seen</dt>
                <dd>
                  <time dateTime={chat.createdAt}>{formatDateTime(chat.createdAt)}</time>
                  {chat.page ? ` on ${chat.page}` : ''}
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-ink-900">Taken by</dt>
                <dd>{chat.assignedName ?? 'Nobody yet'}</dd>
              </div>
              {chat.clientId && (
                <div>
                  <dt className="font-semibold text-ink-900">Client</dt>
                  <dd>
                    <a href={`#client/${encodeURIComponent(chat.clientId)}`} className="text-brand-700 underline">
                      {chat.clientName}
                    </a>
                  </dd>
                </div>
              )}
              {chat.leadId && (
                <div>
                  <dt className="font-semibold text-ink-900">Lead</dt>
                  <dd>
                    <a href={`#lead/${encodeURIComponent(chat.leadId)}`} className="text-brand-700 underline">
                      {chat.leadName}
                    </a>
                  </dd>
                </div>
              )}
            </dl>
            <LinkChat chat={chat} />
          </Panel>
        </div>
      )}
    </RecordPage>
  );
}

/** Between two heartbeats: 30 seconds (staff count as offline 90 s after the last one). */
const HEARTBEAT_MS = 30_000;
const SOUND_KEY = 'chat-sound';

/** A short two-note chime, made with Web Audio (no sound file to load). */
function chime() {
  const context = new AudioContext();
  for (const [i, frequency] of [880, 1320].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, context.currentTime + i * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + i * 0.15 + 0.3);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(context.currentTime + i * 0.15);
    oscillator.stop(context.currentTime + i * 0.15 + 0.3);
  }
  setTimeout(() => void context.close(), 1000);
}

/**
 * While the dashboard is open: the heartbeat every HEARTBEAT_MS that counts this staff member as
 * online, and the chime for a new waiting chat when the sound is on. Returns the waiting count
 * (the dashboard puts it in the browser tab's title).
 */
export function useChatAlerts(): number {
  const waiting = useChatCounts().data?.waiting ?? 0;
  const previous = useRef(waiting);
  useEffect(() => {
    const beat = () => void api.admin.presence.$post({ json: {} }).catch(() => undefined);
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (waiting > previous.current && localStorage.getItem(SOUND_KEY) === 'on') chime();
    previous.current = waiting;
  }, [waiting]);
  return waiting;
}

/** The 'Away from chat' and 'Sound for new chats' switches, and how many chats wait. */
export function ChatPresence() {
  const [away, setAway] = useState(false);
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) === 'on');
  const waiting = useChatCounts().data?.waiting ?? 0;

  const changeAway = async (next: boolean) => {
    setAway(next);
    const response = await api.admin.presence.$post({ json: { away: next } }).catch(() => null);
    if (response?.ok) setAway((await response.json()).away);
  };
  const changeSound = (next: boolean) => {
    setSound(next);
    localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl bg-white py-0.5 pr-1 pl-4 text-sm ring-1 ring-ink-700/10">
      <a href="#chats" className="inline-flex items-center gap-2 font-semibold text-ink-900 hover:underline">
        <MessagesSquare aria-hidden="true" className="size-4" />
        {waiting > 0 ? `${waiting} chat${waiting === 1 ? '' : 's'} waiting` : 'No chat waiting'}
      </a>
      <span className="inline-flex items-center gap-1">
        <Switch id="chat-away" checked={away} onCheckedChange={(next) => void changeAway(next)} />
        <label htmlFor="chat-away" className="font-semibold text-ink-900">
          Away from chat
        </label>
      </span>
      <span className="inline-flex items-center gap-1">
        <Switch id="chat-sound" checked={sound} onCheckedChange={changeSound} />
        <label htmlFor="chat-sound" className="inline-flex items-center gap-1 font-semibold text-ink-900">
          {sound ? <Bell aria-hidden="true" className="size-4" /> : <BellOff aria-hidden="true" className="size-4" />}
          Sound for new chats
        </label>
      </span>
    </div>
  );
}
