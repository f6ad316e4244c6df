/** A centred spinner with a status message ('Loading...' unless told otherwise). */
import { Loader2 } from 'lucide-react';

export function Loading({ label = 'Loading...', compact = false }: { label?: string; compact?: boolean }) {
  return (
    <div
      role="status"
      className={
        compact
          ? 'flex items-center justify-center gap-2 py-10 text-ink-700'
          : 'flex min-h-[50vh] flex-col items-center justify-center gap-3 text-ink-700'
      }
    >
      <Loader2
        aria-hidden="true"
        className={compact ? 'size-5 animate-spin text-brand-700' : 'size-8 animate-spin text-brand-700'}
      />
      <span className="font-medium">{label}</span>
    </div>
  );
}
