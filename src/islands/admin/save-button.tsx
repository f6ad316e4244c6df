/** A submit button that reads 'Saving...' with a spinner and is disabled while `pending`. */
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

export function SaveButton({ pending, icon, children }: { pending: boolean; icon?: ReactNode; children: ReactNode }) {
  return (
    <button type="submit" className="btn-primary" disabled={pending}>
      {pending ? (
        <>
          <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Saving...
        </>
      ) : (
        <>
          {icon}
          {children}
        </>
      )}
    </button>
  );
}
