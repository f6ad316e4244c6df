/**
 * A box that scrolls and says so (docs/product.md#scrolling-regions): text cut at the edge of a
 * scrolling box is never left without a sign that more follows.
 *
 * - `useScrollEdges` tells which edges of a box have content beyond them, kept up to date as the
 *   box scrolls, resizes or its content grows.
 * - `ScrollEdgeShadows` fogs each such edge: a soft shadow in the colour the box stands on, cast
 *   by an empty line along the edge, so the text under it fades out while nothing is laid over it
 *   (a shadow takes no pointer and hides no text from a reader or a hit test).
 * - `ScrollHint` is the words under the box ('Scroll for more'), shown while the bottom hides
 *   content; its place is kept when hidden, so nothing moves.
 * - `ScrollRegion` puts them together around a keyboard-scrollable region (tabindex 0, a name, a
 *   thin scrollbar that stays visible).
 */
import { ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** Which edges of a scrolling box have content beyond them. */
export interface ScrollEdges {
  top: boolean;
  bottom: boolean;
  right: boolean;
}

const NONE: ScrollEdges = { top: false, bottom: false, right: false };

/** Scroll positions within this many pixels of an end count as the end (zoom rounds them). */
const SLACK_PX = 1;

/**
 * The edges of the box `ref` points at that hide content: updated on scroll, on a change of the
 * box's or its content's size, and after each render of the caller (new rows, new messages).
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const next: ScrollEdges = {
      top: box.scrollTop > SLACK_PX,
      bottom: box.scrollTop + box.clientHeight < box.scrollHeight - SLACK_PX,
      right: box.scrollLeft + box.clientWidth < box.scrollWidth - SLACK_PX,
    };
    setEdges((now) => (now.top === next.top && now.bottom === next.bottom && now.right === next.right ? now : next));
  }, []);
  // After every render: what the box holds may have changed.
  useLayoutEffect(measure);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.addEventListener('scroll', measure, { passive: true });
    const sizes = new ResizeObserver(measure);
    sizes.observe(box);
    for (const child of box.children) sizes.observe(child);
    return () => {
      box.removeEventListener('scroll', measure);
      sizes.disconnect();
    };
  }, [measure]);
  return { ref, edges };
}

/**
 * The shadows of each tone and edge, cast inwards from an empty line on the edge: offset by their
 * blur plus spread (28 px), so they reach 56 px into the box and nothing outside it.
 */
const SHADOWS = {
  white: {
    top: 'shadow-[0_28px_18px_10px_var(--color-white)]',
    bottom: 'shadow-[0_-28px_18px_10px_var(--color-white)]',
    right: 'shadow-[-28px_0_18px_10px_var(--color-white)]',
  },
  page: {
    top: 'shadow-[0_28px_18px_10px_var(--color-slate-50)]',
    bottom: 'shadow-[0_-28px_18px_10px_var(--color-slate-50)]',
    right: 'shadow-[-28px_0_18px_10px_var(--color-slate-50)]',
  },
} as const;

/**
 * The fog on the edges of a scrolling box that hide content. Put it, after the box, in a
 * `relative` element that wraps the box tightly; the shadows stay inside it (the lines stop
 * 28 px short of the corners). `tone` is what the box stands on (a white card, or the grey page);
 * `topOffset` keeps the top edge under a sticky header of that height.
 */
export function ScrollEdgeShadows({
  edges,
  tone = 'white',
  topOffset = 'top-0',
}: {
  edges: ScrollEdges;
  tone?: 'white' | 'page';
  topOffset?: 'top-0' | 'top-10';
}) {
  const shadow = SHADOWS[tone];
  const shown = (on: boolean) => (on ? 'opacity-100' : 'opacity-0');
  return (
    <>
      <div
        aria-hidden="true"
        data-scroll-cue="top"
        className={cn(
          'pointer-events-none absolute inset-x-7 h-0 transition-opacity',
          topOffset,
          shadow.top,
          shown(edges.top),
        )}
      />
      <div
        aria-hidden="true"
        data-scroll-cue="bottom"
        className={cn(
          'pointer-events-none absolute inset-x-7 bottom-0 h-0 transition-opacity',
          shadow.bottom,
          shown(edges.bottom),
        )}
      />
      <div
        aria-hidden="true"
        data-scroll-cue="right"
        className={cn(
          'pointer-events-none absolute inset-y-7 right-0 w-0 transition-opacity',
          shadow.right,
          shown(edges.right),
        )}
      />
    </>
  );
}

/** The words under a scrolling box while its bottom hides content; its line is kept when hidden. */
export function ScrollHint({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <p
      aria-hidden="true"
      data-scroll-cue="hint"
      className={cn(
        'mt-2 flex items-center justify-center gap-1 text-xs font-semibold text-ink-700',
        shown ? 'visible' : 'invisible',
      )}
    >
      <ChevronDown className="size-3.5" />
      {children}
    </p>
  );
}

/** The scrolling box's own classes: it scrolls vertically, with a thin scrollbar kept visible. */
const SCROLL_BOX =
  'overflow-y-auto overscroll-contain [scrollbar-color:var(--color-slate-400)_transparent] [scrollbar-width:thin]';

/**
 * A scrolling region named `label`: reachable and scrolled by keyboard (tabindex 0), at most
 * `className`'s height, with a thin scrollbar that stays visible, fog on the edges that hide
 * content, and `more` under it while the bottom does.
 */
export function ScrollRegion({
  label,
  more,
  tone,
  className,
  children,
}: {
  label: string;
  more: string;
  /** What the region stands on (see ScrollEdgeShadows). */
  tone: 'white' | 'page';
  /** The region's height limit and spacing, e.g. `max-h-96`. */
  className: string;
  children: ReactNode;
}) {
  const { ref, edges } = useScrollEdges<HTMLDivElement>();
  return (
    <div>
      <div className="relative">
        {/* A scrolling region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable). */}
        <div
          ref={ref}
          role="region"
          aria-label={label}
          tabIndex={0}
          className={cn(SCROLL_BOX, 'rounded-xl', className)}
        >
          {children}
        </div>
        <ScrollEdgeShadows edges={edges} tone={tone} />
      </div>
      <ScrollHint shown={edges.bottom}>{more}</ScrollHint>
    </div>
  );
}
