/**
 * 'via email' beside a message that came in as a reply to one of the product's emails
 * (docs/product.md#email-replies): a mail icon and the words, small and muted, on one line. A
 * message written in the portal or the dashboard shows nothing.
 */
import { Mail } from 'lucide-react';

/** The mark for a message whose `via` is 'email'; nothing otherwise (or when the API sends none). */
export function ViaEmail({ via }: { via?: 'portal' | 'email' }) {
  if (via !== 'email') return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs font-normal whitespace-nowrap text-ink-700">
      <Mail aria-hidden="true" className="size-3.5 shrink-0" />
      via email
    </span>
  );
}
