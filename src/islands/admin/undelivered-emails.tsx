/**
 * 'Undelivered emails' (docs/product.md#notifications): notification emails that failed after
 * every try, shown above the counters only while there are some, each with who it was for, its
 * subject, the last error and 'Try again' (which queues it with a fresh set of tries).
 */
import { MailWarning, RotateCw } from 'lucide-react';
import { messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { useRetryEmail } from './mutations.ts';
import { useUndeliveredEmails, type UndeliveredEmail } from './queries.ts';

function EmailRow({ email }: { email: UndeliveredEmail }) {
  const retry = useRetryEmail(email.id);
  const tryAgain = () =>
    retry.mutate(undefined, {
      onSuccess: () => toast({ title: 'Email queued again', description: email.subject }),
      onError: (error) =>
        toast({
          title: 'Could not queue the email again',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 border-t border-red-200 py-3 first:border-t-0">
      <div className="min-w-0 flex-1">
        <p className="font-semibold wrap-anywhere text-ink-900">{email.subject}</p>
        <p className="text-sm wrap-anywhere text-ink-700">
          To {email.to.join(', ')} · {email.attempts} tries · first queued{' '}
          <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
        </p>
        {email.lastError && <p className="mt-1 text-sm wrap-anywhere text-red-800">{email.lastError}</p>}
      </div>
      <button
        type="button"
        onClick={tryAgain}
        disabled={retry.isPending}
        className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-100 disabled:opacity-60"
      >
        <RotateCw aria-hidden="true" className="size-4" /> Try again
      </button>
    </li>
  );
}

/** The panel, or nothing when every email went out. */
export function UndeliveredEmails() {
  const emails = useUndeliveredEmails();
  if (!emails.data?.length) return null;
  return (
    <section aria-labelledby="undelivered-heading" className="rounded-2xl bg-red-50 p-5 ring-1 ring-red-200">
      <h2 id="undelivered-heading" className="flex items-center gap-2 text-lg font-bold text-red-900">
        <MailWarning aria-hidden="true" className="size-5" /> Undelivered emails ({emails.data.length})
      </h2>
      <p className="mt-1 text-sm text-red-900">
        These notifications could not be sent after 8 tries. Check the mail server settings, then try again.
      </p>
      <ul className="mt-2">
        {emails.data.map((email) => (
          <EmailRow key={email.id} email={email} />
        ))}
      </ul>
    </section>
  );
}
