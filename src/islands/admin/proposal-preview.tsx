/**
 * The editor's live preview (docs/product.md#proposals): `Preview: what the client will see`, the
 * proposal as the shared ProposalDocument draws it for the form's values as they are typed. Its
 * totals come from `proposalTotals` on those values, a preview only (the saved proposal's totals
 * are the server's); the optional lines can be ticked to see the totals with them. Beside the form
 * from 1,280 px, in a box that stays in view and scrolls by itself (a named region, reached by
 * keyboard); under the form on narrow ones.
 */
import { useDeferredValue, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { proposalTotals } from '../../shared/proposals.ts';
import { ProposalDocument } from '../proposals/proposal-document.tsx';
import { ScrollEdgeShadows, ScrollHint, useScrollEdges } from '../ui/scroll-region.tsx';
import type { ProposalBody } from '../../shared/schemas/proposals.ts';
import { previewOf } from './proposal-form-data.ts';
import { dayAfter, type ProposalFormInput } from './proposal-values.ts';

/** The preview of the form whose `control` is given. */
export function ProposalPreview({ control }: { control: Control<ProposalFormInput, unknown, ProposalBody> }) {
  const values = useDeferredValue(useWatch({ control }));
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const preview = previewOf(values);
  // Only optional lines count as ticked; a line that stopped being optional drops out.
  const chosen = preview.items.flatMap((item, index) => (item.optional && ticked.has(index) ? [index] : []));
  const totals = proposalTotals(preview, chosen);
  const { ref, edges } = useScrollEdges<HTMLDivElement>();
  const title = preview.title || 'Untitled proposal';
  return (
    <section aria-labelledby="proposal-preview-heading" className="min-w-0 xl:sticky xl:top-4">
      <h2 id="proposal-preview-heading" className="mb-2 text-lg font-bold text-ink-900">
        Preview: what the client will see
      </h2>
      <div className="relative rounded-2xl bg-white shadow-sm ring-1 ring-ink-700/10">
        <div
          ref={ref}
          role="region"
          aria-label="Preview: what the client will see"
          tabIndex={0}
          className="rounded-2xl p-5 sm:p-8 xl:max-h-[calc(100dvh-6rem)] xl:overflow-y-auto xl:overscroll-contain xl:[scrollbar-color:var(--color-slate-400)_transparent] xl:[scrollbar-width:thin]"
        >
          <p className="mb-6 text-2xl font-extrabold wrap-anywhere text-ink-900">{title}</p>
          <ProposalDocument
            title={title}
            intro={preview.intro}
            items={preview.items}
            totals={totals}
            depositPercent={preview.depositPercent}
            validUntil={preview.validUntil || dayAfter(new Date(), 0)}
            terms={null}
            extraTerms={preview.extraTerms}
            chosen={chosen}
            onToggle={(index, on) =>
              setTicked((now) => {
                const next = new Set(now);
                if (on) next.add(index);
                else next.delete(index);
                return next;
              })
            }
            headingLevel={3}
          />
        </div>
        <ScrollEdgeShadows edges={edges} />
      </div>
      <ScrollHint shown={edges.bottom}>Scroll for more of the preview</ScrollHint>
    </section>
  );
}
