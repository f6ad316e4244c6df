/**
 * 'Held emails' (docs/product.md#email-replies): email replies that were not posted because they
 * came from another address than the one the reply address was given to, or failed the sender's
 * domain check (DMARC). Shown above the counters only while there are some, each with its sender,
 * subject, the client and project it was for, why it was held, when it came and the start of its
 * text, and two decisions: 'Post it' (posted on the project as the person it was written to) and
 * 'Discard' (which asks first). Once a row is decided, focus moves to the next row's first button,
 * or to the dashboard's tabs when it was the last.
 */
import { Loader2, MailQuestion, Paperclip, Send, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { preview } from '../lib/preview.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { useDecideHeldEmail } from './mutations.ts';
import { useHeldEmails, type HeldEmail } from './queries.ts';

/** Why an email was held, in plain words. */
const REASONS: Record<HeldEmail['reason'], string> = {
  sender: 'Sent from another address than the one we wrote to',
  dmarc: "Did not pass the sender's domain check (DMARC)",
};

/** How much of the text a row shows: about three lines on a laptop, five on a phone. */
const PREVIEW_CHARS = 180;

const BUTTON =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold aria-disabled:opacity-60';

/** 'Jane Baker <jane@bakery.example>', or the address alone when the email gave no name. */
function senderOf(email: HeldEmail): string {
  return email.from.name ? `${email.from.name} <${email.from.address}>` : email.from.address;
}

/** 'For Jane Baker · Bakery website' (what is known of it), or null for a conversation that is gone. */
function forWhom(email: HeldEmail): string | null {
  const parts = [email.client?.name, email.project?.title].filter(Boolean);
  return parts.length > 0 ? `For ${parts.join(' · ')}` : null;
}

function HeldRow({ email, onDecided }: { email: HeldEmail; onDecided: () => void }) {
  const decide = useDecideHeldEmail(email.id);
  const subject = email.subject || '(no subject)';
  const post = () => {
    if (decide.isPending) return;
    decide.mutate('release', {
      onSuccess: () => {
        toast({
          title: email.project ? `Email posted on ${email.project.title}` : 'Email posted',
          description: subject,
        });
        onDecided();
      },
      onError: (error) =>
        toast({
          title: 'Could not post the email',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };
  const discard = async () => {
    try {
      await decide.mutateAsync('discard');
      toast({ title: 'Email discarded', description: subject });
      onDecided();
    } catch (error) {
      toast({
        title: 'Could not discard the email',
        description: messageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  const posting = decide.isPending && decide.variables === 'release';
  const who = forWhom(email);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 border-t border-amber-200 py-4 first:border-t-0">
      <div className="min-w-0 flex-1 basis-72">
        <p className="font-semibold wrap-anywhere text-ink-900">{subject}</p>
        <p className="text-sm wrap-anywhere text-ink-700">
          From {senderOf(email)} · received <time dateTime={email.receivedAt}>{formatDateTime(email.receivedAt)}</time>
        </p>
        {who && <p className="text-sm wrap-anywhere text-ink-700">{who}</p>}
        <p className="mt-1 text-sm wrap-anywhere text-amber-950">
          <span className="sr-only">Why it was held: </span>
          <span className="font-semibold">{REASONS[email.reason] ?? 'Held for a check'}</span>
          {email.recipient.email && <> · we wrote to {email.recipient.email}</>}
        </p>
        {email.text && (
          <blockquote className="mt-2 max-w-prose rounded-lg bg-white/70 px-3 py-2 text-sm wrap-anywhere text-ink-900 ring-1 ring-amber-200">
            <span className="sr-only">The email says: </span>
            {preview(email.text, PREVIEW_CHARS)}
          </blockquote>
        )}
        {email.attachmentCount > 0 && (
          <p className="mt-1 flex items-center gap-1 text-sm text-ink-700">
            <Paperclip aria-hidden="true" className="size-4 shrink-0" />
            {email.attachmentCount} {email.attachmentCount === 1 ? 'attachment' : 'attachments'}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          data-held-first
          onClick={post}
          aria-disabled={decide.isPending || undefined}
          className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
        >
          {posting ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {posting ? 'Posting...' : 'Post it'}
          <span className="sr-only">: {subject}</span>
        </button>
        <ConfirmAction
          trigger={
            <button
              type="button"
              aria-disabled={decide.isPending || undefined}
              className={`${BUTTON} bg-white text-danger-700 ring-1 ring-red-300 hover:bg-red-50`}
            >
              <Trash2 aria-hidden="true" className="size-4" /> Discard
              <span className="sr-only">: {subject}</span>
            </button>
          }
          title="Discard this email?"
          description={
            <p>
              The email from {senderOf(email)} ({subject}) will not be posted, and its copy is deleted. This cannot be
              undone.
            </p>
          }
          confirmLabel="Discard the email"
          confirmIcon={<Trash2 aria-hidden="true" className="size-4" />}
          pendingLabel="Discarding..."
          tone="danger"
          onConfirm={discard}
        />
      </div>
    </li>
  );
}

/** The panel, or nothing while no email is held. */
export function HeldEmails() {
  const emails = useHeldEmails();
  const list = useRef<HTMLUListElement>(null);
  // The row at `index` was decided: once the list has drawn without it, the row now at its place
  // (or the one before, for the last) takes focus; with none left, the dashboard's tabs do.
  const focusAfter = (index: number) =>
    setTimeout(() => {
      const buttons = list.current?.querySelectorAll<HTMLElement>('[data-held-first]') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      (next ?? document.querySelector<HTMLElement>('[role="tab"][data-state="active"]'))?.focus();
    }, 50);
  if (!emails.data?.length) return null;
  return (
    <section aria-labelledby="held-heading" className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200">
      <h2 id="held-heading" className="flex items-center gap-2 text-lg font-bold text-amber-950">
        <MailQuestion aria-hidden="true" className="size-5 shrink-0" /> Held emails ({emails.data.length})
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        These email replies were not posted. Post one on its project as the person we wrote to, or discard it.
      </p>
      <ul ref={list} className="mt-2">
        {emails.data.map((email, index) => (
          <HeldRow key={email.id} email={email} onDecided={() => focusAfter(index)} />
        ))}
      </ul>
    </section>
  );
}
