/**
 * A box that scrolls and says so (docs/product.md#accessibility): text cut at the edge of a
 * scrolling box is never left without a sign that more follows. `useScrollEdges` tells which
 * edges have more content beyond them, kept up to date as the box scrolls, resizes or its content
 * grows; `ScrollFades` draws a fade on each such edge (and, at the bottom, a 'Scroll for more'
 * pill or other words); `ScrollRegion` is a keyboard-scrollable region (tabindex 0, a name,
 * a visible thin scrollbar) with those fades.
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
 * The fades over the edges of a scrolling box that hide content. Put it, after the box, in a
 * `relative` element that wraps the box tightly. `tone` is what the box stands on (a white card,
 * or the grey page), so the fade melts into it; `topOffset` keeps the top fade under a sticky
 * header of that height; `gutter` leaves the scrollbar's strip at the right uncovered.
 */
export function ScrollFades({
  edges,
  tone = 'white',
  topOffset = 'top-0',
  gutter = false,
  more = 'Scroll for more',
}: {
  edges: ScrollEdges;
  tone?: 'white' | 'page';
  topOffset?: 'top-0' | 'top-10';
  gutter?: boolean;
  /** The bottom pill's words. */
  more?: string;
}) {
  const across = gutter ? 'left-0 right-3' : 'inset-x-0';
  const from = tone === 'white' ? 'from-white' : 'from-slate-50';
  return (
    <>
      <div
        aria-hidden="true"
        data-scroll-cue="top"
        className={cn(
          'pointer-events-none absolute h-8 bg-linear-to-b to-transparent transition-opacity',
          across,
          topOffset,
          from,
          edges.top ? 'opacity-100' : 'opacity-0',
        )}
      />
      <div
        aria-hidden="true"
        data-scroll-cue="bottom"
        className={cn(
          'pointer-events-none absolute bottom-0 flex h-14 items-end justify-center rounded-b-[inherit] bg-linear-to-t to-transparent pb-1.5 transition-opacity',
          across,
          from,
          edges.bottom ? 'opacity-100' : 'opacity-0',
        )}
      >
        <span className="inline-flex items-center gap-1 rounded-full bg-ink-900/85 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow">
          <ChevronDown className="size-3.5" />
          {more}
        </span>
      </div>
      <div
        aria-hidden="true"
        data-scroll-cue="right"
        className={cn(
          'pointer-events-none absolute inset-y-0 right-0 w-8 rounded-r-[inherit] bg-linear-to-l to-transparent transition-opacity',
          from,
          edges.right ? 'opacity-100' : 'opacity-0',
        )}
      />
    </>
  );
}

/**
 * A scrolling region named `label`: reachable and scrolled by keyboard (tabindex 0), at most
 * `maxHeight` high, with a thin scrollbar that stays visible and fades on the edges that hide
 * content (`more` says what the bottom hides).
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
  /** What the region stands on (see ScrollFades). */
  tone: 'white' | 'page';
  /** The region's height limit and spacing, e.g. `max-h-96`. */
  className: string;
  children: ReactNode;
}) {
  const { ref, edges } = useScrollEdges<HTMLDivElement>();
  return (
    <div className="relative">
      {/* A scrolling region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable). */}
      <div
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={0}
        className={cn(
          'overflow-y-auto overscroll-contain rounded-xl [scrollbar-color:var(--color-slate-400)_transparent] [scrollbar-gutter:stable] [scrollbar-width:thin]',
          className,
        )}
      >
        {children}
      </div>
      <ScrollFades edges={edges} tone={tone} more={more} gutter />
    </div>
  );
}
