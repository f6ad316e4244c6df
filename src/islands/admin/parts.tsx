/** Small pieces every dashboard tab uses: the tab's heading row, empty and error states, badges. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** A tab's heading (`id` labels its section) with its buttons at the right. */
export function TabHeading({ title, id, children }: { title: string; id: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="text-xl font-bold text-ink-900">
        {title}
      </h2>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}

/** A list that failed to load: 'We could not load the {what}. Please reload the page.' */
export function ListError({ what }: { what: string }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 text-danger-700">
      We could not load the {what}. Please reload the page.
    </p>
  );
}

const TONES = {
  blue: 'bg-blue-100 text-blue-900',
  red: 'bg-red-100 text-red-900',
  green: 'bg-green-100 text-green-900',
  gray: 'bg-slate-200 text-slate-900',
  amber: 'bg-amber-100 text-amber-900',
  indigo: 'bg-indigo-100 text-indigo-900',
} as const;

/** A small coloured label, on one line (it never wraps or shrinks). */
export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/**
 * A card's quiet button (edit, move...): an icon and a short word (`text`, 'Edit'), with `label`
 * ('Edit Acme Bakery', which holds the word) as its accessible name. An `unavailable` button stays
 * focusable (aria-disabled), so focus is not lost when, say, a moved milestone reaches the top of
 * the list.
 */
/** A project's title as a link to its page, '#project/{id}' (docs/product.md#project-page). */
export function ProjectLink({
  id,
  title,
  className,
  inRow = false,
}: {
  id: string;
  title: string;
  className?: string;
  /** In a table row that opens the project itself: no tab stop of its own. */
  inRow?: boolean;
}) {
  return (
    <a
      href={`#project/${encodeURIComponent(id)}`}
      tabIndex={inRow ? -1 : undefined}
      className={className ?? 'font-semibold wrap-anywhere text-brand-700 underline-offset-2 hover:underline'}
    >
      {title}
    </a>
  );
}

export function IconButton({
  label,
  text,
  icon: Icon,
  onClick,
  unavailable = false,
}: {
  label: string;
  text: string;
  icon: LucideIcon;
  onClick: () => void;
  unavailable?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onClick();
      }}
      className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap text-ink-700 hover:bg-slate-100 hover:text-ink-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
    >
      <Icon aria-hidden="true" className="size-4" />
      {text}
    </button>
  );
}

export const CARD = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10';
