/**
 * The visitor's live-chat panel (docs/product.md#live-chat; docs/decisions/0029-live-chat.md).
 *
 * Plain DOM code, loaded by src/chat/open.ts only when a visitor opens the chat: no framework, no
 * schema library, so that opening it costs one small file on a page that had loaded no script.
 *
 * - Before the first message it says whether someone is online; when nobody is, it asks for an
 *   email (required) and a name, and the conversation becomes a lead answered by email.
 * - Messages are text: each is written with `textContent`, and a web address in it becomes a link
 *   with `rel="nofollow noopener noreferrer ugc"` opening in a new tab; nothing else is markup.
 * - New messages from the team are announced through a polite live region; the team's typing
 *   shows for 6 s after its last typing event; 'Seen' shows under the visitor's last message once
 *   staff have read it.
 * - The panel is a non-modal dialog: focus moves into it on opening, Escape or Close hides it and
 *   gives the focus back to the opener. Its events come from the chat's stream, which the browser
 *   resumes after a cut with `Last-Event-ID`, so nothing is lost or shown twice.
 * - The limits' refusals (429) show their sentence in the panel; a message that could not be sent
 *   stays in the box.
 * - While it is open and in view it tells the server so (POST `chatPaths.read`: on opening, on a
 *   team message, every VISITOR_HEARTBEAT_MS), so staff know the visitor is here and has read them.
 * - A live chat without an email asks for one, 'Get the reply by email', so that a reply still
 *   reaches a visitor who has gone: at once when the visitor closes the panel (a small card stays
 *   in the corner, focus back to the opener as always), and in the panel when a team reply has
 *   stayed unread for REPLY_UNREAD_ASK_MS (the tab in the background).
 */
import {
  CHAT_LIMIT_MESSAGES,
  CHAT_MESSAGE_MAX,
  CHAT_OFFLINE_TEXT,
  CHAT_ONLINE_TEXT,
  REPLY_UNREAD_ASK_MS,
  TYPING_CLEARS_AFTER_MS,
  TYPING_EVERY_MS,
  VISITOR_HEARTBEAT_MS,
} from '../shared/chat.ts';
import { listen, type ChatMessageJson, type ChatStatus, type VisitorStreamEvent } from '../shared/live-events.ts';
import { chatPaths } from '../islands/lib/api-paths.ts';

/** The visitor's conversation as the API answers it (GET `chatPaths.conversation`). */
interface Conversation {
  id: string;
  status: ChatStatus;
  offline: boolean;
  email: string | null;
  emailConfirmed: boolean;
  staffReadAt: string | null;
  visitorReadAt: string | null;
  messages: ChatMessageJson[];
}

/** What opens the panel: the element that opened it, which gets the focus back. */
export interface OpenChatOptions {
  opener?: HTMLElement | null;
}

const NETWORK_ERROR = 'Your message could not be sent. Check your connection and try again.';
const BUSY_ERROR = 'We are busy for a moment. Please send again.';
const INVALID_EMAIL = 'Please enter a valid email address';

/** Creates an element with classes, attributes and text. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A message's text, with its web addresses as inert links (never markup from the message). */
function messageText(body: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const part of body.split(/(\s+)/)) {
    if (/^https?:\/\//i.test(part) && URL.canParse(part)) {
      const link = el(
        'a',
        { href: part, rel: 'nofollow noopener noreferrer ugc', target: '_blank', class: 'underline break-all' },
        part,
      );
      fragment.append(link);
    } else {
      fragment.append(part);
    }
  }
  return fragment;
}

/** The API's error sentence of an answer, or a fallback. */
async function errorOf(response: Response): Promise<{ message: string; fields: Record<string, string> }> {
  try {
    const body = (await response.json()) as { error?: { message?: string; fields?: Record<string, string> } };
    return { message: body.error?.message ?? NETWORK_ERROR, fields: body.error?.fields ?? {} };
  } catch {
    return { message: NETWORK_ERROR, fields: {} };
  }
}

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

class ChatPanel {
  readonly root: HTMLElement;
  private readonly log: HTMLOListElement;
  private readonly announcer: HTMLElement;
  private readonly statusLine: HTMLElement;
  private readonly typingLine: HTMLElement;
  private readonly error: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly textarea: HTMLTextAreaElement;
  private readonly contactFields: HTMLElement;
  private readonly email: HTMLInputElement;
  private readonly name: HTMLInputElement;
  private readonly honeypot: HTMLInputElement;
  private readonly send: HTMLButtonElement;
  private readonly transcript: HTMLElement;
  private conversation: Conversation | null = null;
  private online = false;
  private source: EventSource | null = null;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private lastTypingSent = 0;
  private opener: HTMLElement | null = null;
  private readonly shown = new Set<string>();
  /** 'Get the reply by email': in the panel, or in its own corner card once the panel is closed. */
  private readonly ask: HTMLElement;
  private readonly askCard: HTMLElement;
  private askTimer: ReturnType<typeof setTimeout> | undefined;
  private askDismissed = false;
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor() {
    this.root = el('section', {
      role: 'dialog',
      'aria-modal': 'false',
      'aria-labelledby': 'chat-title',
      id: 'chat-panel',
      class:
        // The whole screen on a phone; a 24 rem card at the bottom right from 640 px. Above the
        // Emergency button and the cookie banner (z-40, z-50) while it is open.
        'fixed inset-0 z-[60] flex flex-col overflow-y-auto bg-white text-ink-900 shadow-2xl sm:inset-auto sm:right-6 sm:bottom-6 sm:max-h-[min(40rem,calc(100dvh-3rem))] sm:w-[24rem] sm:rounded-2xl sm:border sm:border-ink-700/15',
    });
    const header = el('header', {
      class: 'flex items-start justify-between gap-3 bg-brand-700 px-4 py-3 text-white sm:rounded-t-2xl',
    });
    const heading = el('div');
    heading.append(el('h2', { id: 'chat-title', class: 'text-lg font-bold' }, 'Chat with us'));
    this.statusLine = el('p', { class: 'text-sm text-white' });
    heading.append(this.statusLine);
    const close = el(
      'button',
      { type: 'button', class: 'btn min-h-11 px-3 text-white hover:bg-white/10', 'aria-label': 'Close the chat' },
      '✕',
    );
    close.addEventListener('click', () => this.hide());
    header.append(heading, close);

    this.log = el('ol', {
      // Shrinks to 6 rem when 'Get the reply by email' shows too, so that the panel's rows fit.
      class: 'flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto px-4 py-3',
      'aria-label': 'Messages',
    });
    this.announcer = el('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
    this.typingLine = el('p', { class: 'min-h-6 px-4 text-sm text-ink-700', 'aria-live': 'polite' });

    this.form = el('form', { class: 'grid gap-2 border-t border-ink-700/10 px-4 py-3', novalidate: '' });
    this.contactFields = el('div', { class: 'grid gap-2' });
    const emailLabel = el('label', { class: 'field-label', for: 'chat-email' }, 'Your email');
    this.email = el('input', {
      id: 'chat-email',
      name: 'email',
      type: 'email',
      autocomplete: 'email',
      class: 'field-input',
      maxlength: '254',
    });
    const nameLabel = el('label', { class: 'field-label', for: 'chat-name' }, 'Your name (optional)');
    this.name = el('input', {
      id: 'chat-name',
      name: 'name',
      type: 'text',
      autocomplete: 'name',
      class: 'field-input',
      maxlength: '100',
    });
    this.contactFields.append(emailLabel, this.email, nameLabel, this.name);
    const messageLabel = el('label', { class: 'sr-only', for: 'chat-message' }, 'Your message');
    this.textarea = el('textarea', {
      id: 'chat-message',
      name: 'body',
      rows: '2',
      required: '',
      maxlength: String(CHAT_MESSAGE_MAX),
      placeholder: 'Write a message…',
      class: 'field-input resize-none',
    });
    // A field no person sees or reaches; a bot that fills it is answered and ignored.
    this.honeypot = el('input', {
      name: 'fax',
      type: 'text',
      tabindex: '-1',
      autocomplete: 'off',
      class: 'hidden',
      'aria-hidden': 'true',
    });
    this.error = el('p', { class: 'field-error', role: 'alert' });
    this.send = el('button', { type: 'submit', class: 'btn-primary' }, 'Send');
    this.form.append(this.contactFields, messageLabel, this.textarea, this.honeypot, this.error, this.send);
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit();
    });
    this.textarea.addEventListener('keydown', (event) => {
      // Enter sends, Shift+Enter starts a new line.
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.form.requestSubmit();
      }
    });
    this.textarea.addEventListener('input', () => void this.typing());

    this.transcript = el('div', { class: 'border-t border-ink-700/10 px-4 py-2 text-sm' });
    this.ask = this.makeAsk();
    this.ask.hidden = true;
    this.askCard = el('section', {
      id: 'chat-ask-card',
      'aria-labelledby': 'chat-ask-title',
      class:
        'fixed inset-x-2 z-[60] rounded-2xl border border-ink-700/15 bg-white text-ink-900 shadow-2xl sm:inset-x-auto sm:right-6 sm:w-[22rem]',
    });
    this.askCard.hidden = true;
    this.root.append(header, this.log, this.typingLine, this.announcer, this.ask, this.form, this.transcript);
    document.addEventListener('visibilitychange', () => this.markRead());
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        this.hide();
      }
    });
  }

  /** Shows the panel and moves the focus into it. */
  async show(opener: HTMLElement | null) {
    this.opener = opener ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (!this.root.isConnected) {
      document.body.append(this.root, this.askCard);
      await this.load();
    }
    this.root.hidden = false;
    this.askCard.hidden = true;
    this.placeAsk();
    (this.contactFields.hidden ? this.textarea : this.email).focus();
    this.markRead();
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => this.markRead(), VISITOR_HEARTBEAT_MS);
  }

  /**
   * Hides the panel (the conversation goes on) and gives the focus back to the opener. A live
   * chat without an email asks for one at once, in a card in the corner.
   */
  hide() {
    this.root.hidden = true;
    clearInterval(this.heartbeat);
    if (this.needsEmail() && !this.askDismissed) this.showAsk();
    this.opener?.focus();
  }

  /** A live chat (not an offline one, which has an email) with no address to reach the visitor. */
  private needsEmail(): boolean {
    return this.active && !this.conversation!.offline && !this.conversation!.email;
  }

  /** Whether the visitor can see the panel now. */
  private get inView(): boolean {
    return !this.root.hidden && this.root.isConnected && document.visibilityState === 'visible';
  }

  /** Tells the server the panel shows the conversation (staff see the visitor here, replies read). */
  private markRead() {
    if (!this.active || !this.inView) return;
    clearTimeout(this.askTimer);
    this.askTimer = undefined;
    void fetch(chatPaths.read, { method: 'POST' }).catch(() => undefined);
  }

  /** A team reply the visitor has not seen: asks for an email once it has waited REPLY_UNREAD_ASK_MS. */
  private replyUnread() {
    if (this.askTimer || !this.needsEmail()) return;
    this.askTimer = setTimeout(() => {
      this.askTimer = undefined;
      if (!this.needsEmail()) return;
      this.askDismissed = false;
      this.showAsk();
    }, REPLY_UNREAD_ASK_MS);
  }

  /** Shows 'Get the reply by email': in the panel when it is open, else in the corner card. */
  private showAsk() {
    this.ask.hidden = false;
    this.placeAsk();
  }

  private placeAsk() {
    if (this.ask.hidden) return;
    if (this.root.hidden) {
      this.askCard.append(this.ask);
      this.askCard.hidden = false;
    } else {
      this.form.before(this.ask);
    }
  }

  /** The 'Get the reply by email' form, with a button that puts it away. */
  private makeAsk(): HTMLElement {
    const box = el('div', {
      role: 'group',
      'aria-labelledby': 'chat-ask-title',
      class: 'grid gap-2 rounded-[inherit] border-t border-ink-700/10 bg-amber-50 px-4 py-3 text-sm',
    });
    const top = el('div', { class: 'flex items-start justify-between gap-2' });
    const title = el('p', { id: 'chat-ask-title', class: 'text-base font-bold' }, 'Get the reply by email');
    const dismiss = el(
      'button',
      { type: 'button', class: 'btn -mt-2 -mr-2 min-h-11 px-3', 'aria-label': 'Not now' },
      '✕',
    );
    dismiss.addEventListener('click', () => {
      this.askDismissed = true;
      this.ask.hidden = true;
      this.askCard.hidden = true;
    });
    top.append(title, dismiss);
    const why = el(
      'p',
      { class: 'text-ink-700' },
      'If you leave before the team answers, their reply goes to your email.',
    );
    const form = el('form', { class: 'flex flex-wrap items-end gap-2', novalidate: '' });
    const label = el('label', { class: 'field-label w-full', for: 'chat-reply-email' }, 'Email for the reply');
    const input = el('input', {
      id: 'chat-reply-email',
      type: 'email',
      required: '',
      autocomplete: 'email',
      maxlength: '254',
      class: 'field-input min-w-0 flex-1',
    });
    const send = el('button', { type: 'submit', class: 'btn-primary' }, 'Email me');
    const note = el('p', { class: 'w-full', role: 'status' });
    form.append(label, input, send, note);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.giveEmail(input, note);
    });
    box.append(top, why, form);
    return box;
  }

  private async giveEmail(input: HTMLInputElement, note: HTMLElement) {
    if (!input.checkValidity()) {
      note.textContent = INVALID_EMAIL;
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    input.removeAttribute('aria-invalid');
    try {
      const response = await fetch(chatPaths.replyEmail, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: input.value }),
      });
      if (!response.ok) {
        const { message, fields } = await errorOf(response);
        note.textContent = fields.email ?? message;
        return;
      }
      const { email } = (await response.json()) as { email: string };
      if (this.conversation) this.conversation.email = email;
      // The form gives way to what happens now.
      const done = el(
        'p',
        { role: 'status', class: 'text-ink-900' },
        `Thanks. The team's replies will reach ${email}.`,
      );
      input.form!.replaceWith(done);
      // The thanks stays a moment, then the card goes.
      setTimeout(() => (this.askCard.hidden = true), 8000);
    } catch {
      note.textContent = NETWORK_ERROR;
    }
  }

  /** Reads whether someone is online and the visitor's conversation, then follows it live. */
  private async load() {
    const [status, mine] = await Promise.all([
      fetch(chatPaths.status).then((r) => (r.ok ? (r.json() as Promise<{ online: boolean }>) : { online: false })),
      fetch(chatPaths.conversation).then((r) =>
        r.ok ? (r.json() as Promise<{ conversation: Conversation | null }>) : { conversation: null },
      ),
    ]).catch(() => [{ online: false }, { conversation: null }] as const);
    this.online = status.online;
    this.setConversation(mine.conversation);
    if (this.conversation && this.conversation.status !== 'closed') this.follow();
    // Back after missing a reply for a minute or more: ask for an email now.
    const readAt = Date.parse(this.conversation?.visitorReadAt ?? '') || 0;
    const missed = this.conversation?.messages.find((m) => m.author === 'staff' && Date.parse(m.createdAt) > readAt);
    if (missed && Date.now() - Date.parse(missed.createdAt) >= REPLY_UNREAD_ASK_MS && this.needsEmail()) {
      this.ask.hidden = false;
    }
  }

  private get active(): boolean {
    return this.conversation !== null && this.conversation.status !== 'closed';
  }

  private setConversation(conversation: Conversation | null) {
    this.conversation = conversation;
    this.log.replaceChildren();
    this.shown.clear();
    for (const message of conversation?.messages ?? []) this.append(message, false);
    this.render();
  }

  /** Updates what depends on the conversation: the status line, the contact fields, 'Seen'. */
  private render() {
    const offline = this.active ? this.conversation!.offline : !this.online;
    this.statusLine.textContent = offline ? CHAT_OFFLINE_TEXT : CHAT_ONLINE_TEXT;
    // An email is asked for before the first message of a chat nobody can answer now.
    this.contactFields.hidden = this.active || !offline;
    this.email.required = !this.contactFields.hidden;
    if (this.conversation?.status === 'closed' && this.log.lastElementChild?.getAttribute('data-note') !== 'closed') {
      this.log.append(
        el(
          'li',
          { class: 'text-center text-sm text-ink-700', 'data-note': 'closed' },
          'This chat was closed. Write again to start a new one.',
        ),
      );
    }
    // Before the first message: what happens when one is sent.
    this.log.querySelector('[data-note="intro"]')?.remove();
    if (!this.log.querySelector('li[data-author]')) {
      this.log.append(
        el(
          'li',
          { class: 'my-auto text-center text-ink-700', 'data-note': 'intro' },
          offline
            ? 'Leave your message and your email: we answer by email as soon as we are back.'
            : 'Write your message below: a person on our team answers here.',
        ),
      );
    }
    this.renderSeen();
    this.renderTranscript();
  }

  private renderSeen() {
    this.log.querySelector('[data-seen]')?.remove();
    const readAt = this.conversation?.staffReadAt;
    const last = [...this.log.querySelectorAll<HTMLElement>('li[data-author]')].at(-1);
    if (!readAt || !last || last.dataset.author !== 'visitor') return;
    if (Date.parse(last.dataset.at ?? '') > Date.parse(readAt)) return;
    last.append(el('span', { class: 'block text-right text-xs text-ink-700', 'data-seen': '' }, 'Seen'));
  }

  /** 'Email me this chat': a small form for the address. */
  private renderTranscript() {
    this.transcript.replaceChildren();
    this.transcript.hidden = !this.conversation || this.conversation.messages.length === 0;
    if (this.transcript.hidden) return;
    const open = el(
      'button',
      { type: 'button', class: 'inline-flex min-h-11 items-center font-semibold text-brand-700 underline' },
      'Email me this chat',
    );
    open.addEventListener('click', () => {
      const form = el('form', { class: 'flex flex-wrap items-end gap-2', novalidate: '' });
      const label = el('label', { class: 'field-label w-full', for: 'chat-transcript-email' }, 'Send the chat to');
      const input = el('input', {
        id: 'chat-transcript-email',
        type: 'email',
        required: '',
        autocomplete: 'email',
        class: 'field-input min-w-0 flex-1',
      });
      input.value = this.conversation?.email ?? this.email.value;
      const send = el('button', { type: 'submit', class: 'btn-secondary' }, 'Send');
      const note = el('p', { class: 'w-full text-sm', role: 'status' });
      form.append(label, input, send, note);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        void this.askTranscript(input, note);
      });
      this.transcript.replaceChildren(form);
      input.focus();
    });
    this.transcript.append(open);
  }

  private async askTranscript(input: HTMLInputElement, note: HTMLElement) {
    if (!input.checkValidity()) {
      note.textContent = INVALID_EMAIL;
      return;
    }
    try {
      const response = await fetch(chatPaths.transcript, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: input.value }),
      });
      if (response.status === 202) {
        const { sent } = (await response.json()) as { sent: 'transcript' | 'confirmation' };
        note.textContent =
          sent === 'transcript'
            ? 'Sent. Check your inbox.'
            : 'We sent you a link to confirm your address; the chat follows once you open it.';
        return;
      }
      note.textContent = response.status === 429 ? CHAT_LIMIT_MESSAGES.transcripts : (await errorOf(response)).message;
    } catch {
      note.textContent = NETWORK_ERROR;
    }
  }

  /** Adds a message to the log once (by id); `announce` reads a team message aloud. */
  private append(message: ChatMessageJson, announce: boolean) {
    if (this.shown.has(message.id)) return;
    this.shown.add(message.id);
    this.log.querySelector('[data-note="intro"]')?.remove();
    const mine = message.author === 'visitor';
    const item = el('li', {
      class: mine
        ? 'ml-8 self-end rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 text-white'
        : 'mr-8 self-start rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-ink-900',
      'data-author': message.author,
      'data-at': message.createdAt,
    });
    const who = mine ? 'You' : (message.staffName ?? 'The team');
    const meta = el(
      'span',
      { class: 'block text-xs opacity-90' },
      `${who} · ${time.format(new Date(message.createdAt))}`,
    );
    const text = el('span', { class: 'block whitespace-pre-wrap wrap-anywhere' });
    text.append(messageText(message.body));
    item.append(meta, text);
    this.log.append(item);
    this.log.scrollTop = this.log.scrollHeight;
    if (announce && !mine) this.announcer.textContent = `${who}: ${message.body}`;
  }

  /** Opens the conversation's event stream (the browser resumes it with Last-Event-ID). */
  private follow() {
    if (this.source) return;
    const source = new EventSource(chatPaths.stream);
    this.source = source;
    const on = listen<VisitorStreamEvent>(source);
    on('chat-message', ({ message }) => {
      this.conversation?.messages.push(message);
      this.append(message, true);
      if (message.author === 'staff') {
        this.showTyping(false);
        if (this.inView) this.markRead();
        else this.replyUnread();
      }
      this.render();
    });
    on('chat-typing', () => this.showTyping(true));
    on('chat-read', ({ staffReadAt }) => {
      if (this.conversation) this.conversation.staffReadAt = staffReadAt;
      this.renderSeen();
    });
    on('chat-updated', ({ status }) => {
      if (this.conversation) this.conversation.status = status;
      if (status === 'closed') {
        this.stop();
        this.ask.hidden = true;
        this.askCard.hidden = true;
      }
      this.render();
    });
    // Too much was missed to replay: read the conversation again.
    on('reset', () => void this.reload());
  }

  private stop() {
    this.source?.close();
    this.source = null;
  }

  private async reload() {
    const response = await fetch(chatPaths.conversation);
    if (response.ok)
      this.setConversation(((await response.json()) as { conversation: Conversation | null }).conversation);
  }

  private showTyping(on: boolean) {
    clearTimeout(this.typingTimer);
    this.typingLine.textContent = on ? 'The team is typing…' : '';
    if (on) this.typingTimer = setTimeout(() => (this.typingLine.textContent = ''), TYPING_CLEARS_AFTER_MS);
  }

  /** Tells the team the visitor is typing, at most once every TYPING_EVERY_MS. */
  private async typing() {
    if (!this.active || Date.now() - this.lastTypingSent < TYPING_EVERY_MS) return;
    this.lastTypingSent = Date.now();
    await fetch(chatPaths.typing, { method: 'POST' }).catch(() => undefined);
  }

  private async submit() {
    // A second Enter while the first message is on its way sends nothing more.
    if (this.send.disabled) return;
    this.error.textContent = '';
    this.email.removeAttribute('aria-invalid');
    this.textarea.removeAttribute('aria-invalid');
    const body = this.textarea.value.trim();
    if (!body) {
      this.error.textContent = 'Please write a message.';
      this.textarea.setAttribute('aria-invalid', 'true');
      this.textarea.focus();
      return;
    }
    if (this.email.required && !this.email.checkValidity()) {
      this.error.textContent = this.email.value ? INVALID_EMAIL : 'Please enter your email, so we can reply by email.';
      this.email.setAttribute('aria-invalid', 'true');
      this.email.focus();
      return;
    }
    this.send.disabled = true;
    try {
      const response = await fetch(chatPaths.messages, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          body,
          page: location.pathname,
          ...(this.email.value.trim() && { email: this.email.value.trim() }),
          ...(this.name.value.trim() && { name: this.name.value.trim() }),
          ...(this.honeypot.value && { fax: this.honeypot.value }),
        }),
      });
      if (response.status === 201) {
        const { conversationId, message } = (await response.json()) as {
          conversationId: string;
          message: ChatMessageJson;
        };
        this.textarea.value = '';
        if (!this.active || this.conversation?.id !== conversationId) {
          this.stop();
          await this.reload();
          this.follow();
          this.markRead();
        } else {
          this.conversation!.messages.push(message);
          this.append(message, false);
          this.render();
        }
        return;
      }
      const { message, fields } = await errorOf(response);
      this.error.textContent = response.status === 503 ? BUSY_ERROR : (fields.email ?? fields.body ?? message);
      if (fields.email) {
        // The team went offline meanwhile: ask for the email now.
        this.online = false;
        this.render();
        this.email.setAttribute('aria-invalid', 'true');
        this.email.focus();
      }
    } catch {
      this.error.textContent = NETWORK_ERROR;
    } finally {
      this.send.disabled = false;
    }
  }
}

let panel: ChatPanel | null = null;

/** Opens the chat panel (made once per page), focus inside it. */
export function openChat(options: OpenChatOptions = {}): Promise<void> {
  panel ??= new ChatPanel();
  return panel.show(options.opener ?? null);
}
