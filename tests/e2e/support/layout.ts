/**
 * The layout check (docs/product.md#layout-checks): what a visitor would see as broken at one
 * viewport width, found from the rendered page. `layoutProblems(page)` returns one readable line per
 * problem (an empty list when the page is sound):
 *
 * - horizontal overflow: the document is wider than the viewport;
 * - the top bar (`[data-top-bar]`): every visible link, button and text in it lies inside the bar,
 *   and every text in it sits on one line;
 * - clipped text: an element that hides its overflow (`overflow: hidden | clip`, or an ellipsis)
 *   while its content is wider or taller than its box. An element that scrolls instead must say so:
 *   it has a name and a keyboard reaches it (it is focusable, or focus moves into its links and
 *   controls);
 * - covered text: a visible element painted over part of a text block in the first screen, unless
 *   it is `aria-hidden` decoration painted below the text. A consent banner or a modal dialog's
 *   backdrop (`[data-overlay]`) sits over the page by design until it is answered or closed; the
 *   banner's and the dialog's own layout is checked like any other, and with a modal dialog open
 *   only the dialog's text is checked for covers. A card's
 *   stretched link (a transparent `::after` over the card) paints nothing and is not a cover.
 *
 * Visually hidden text (the `sr-only` pattern: a 1 px clipped box) and `aria-hidden` subtrees are
 * not visitor-visible text and are skipped.
 */
import type { Page } from '@playwright/test';

/** Widths every public, portal and dashboard page is checked at, in CSS px. */
export const LAYOUT_WIDTHS = [320, 375, 768, 1024, 1280, 1536, 1920, 2560] as const;

/** A viewport height to go with a width: a phone's below 768 px, a laptop's above. */
export function viewportFor(width: number): { width: number; height: number } {
  return { width, height: width < 768 ? 740 : width < 1280 ? 1000 : 900 };
}

/**
 * Sets the page's viewport to `width` (and its height, `viewportFor`) and waits until the page's
 * media queries answer for that width and two frames have drawn. Under load, a measurement taken
 * at once can see the new width laid out with the previous width's media queries.
 */
export async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize(viewportFor(width));
  await page.waitForFunction((w) => matchMedia(`(width: ${w}px)`).matches, width);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * The problems of the page as it is now rendered (see the module comment), as readable lines.
 * Waits for web fonts and two frames first, so the check sees a settled layout.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;

    const describe = (el: Element): string => {
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}`
          : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}>${text ? ` "${text}"` : ''}`;
    };
    const isHiddenFromVisitors = (el: Element): boolean => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (node.getAttribute('aria-hidden') === 'true') return true;
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return true;
        const rect = node.getBoundingClientRect();
        // The sr-only pattern: a clipped box of 1 px.
        if (rect.width <= 1 && rect.height <= 1 && (style.overflow === 'hidden' || style.clip !== 'auto')) return true;
      }
      return false;
    };
    const textNodesOf = (root: Element): Text[] => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) =>
          node.textContent?.trim() && node.parentElement && !isHiddenFromVisitors(node.parentElement)
            ? NodeFilter.FILTER_ACCEPT
            : NodeFilter.FILTER_REJECT,
      });
      const nodes: Text[] = [];
      while (walker.nextNode()) nodes.push(walker.currentNode as Text);
      return nodes;
    };
    const lineRects = (node: Text): DOMRect[] => {
      const range = document.createRange();
      range.selectNodeContents(node);
      // One rectangle per line box; zero-width ones are collapsed spaces.
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      const lines: DOMRect[] = [];
      for (const rect of rects) {
        if (!lines.some((line) => Math.abs(line.top - rect.top) < rect.height / 2)) lines.push(rect);
      }
      return lines;
    };

    // A link or button whose transparent ::after is stretched over its card (the whole card is the
    // target): hit-testing finds it over the card's text, but nothing is painted there.
    const isStretchedLink = (el: Element, x: number, y: number): boolean => {
      if (!el.matches('a, button')) return false;
      const own = el.getBoundingClientRect();
      if (x >= own.left && x <= own.right && y >= own.top && y <= own.bottom) return false;
      const after = getComputedStyle(el, '::after');
      const transparent = after.backgroundColor === 'rgba(0, 0, 0, 0)' || after.backgroundColor === 'transparent';
      return after.position === 'absolute' && transparent;
    };

    // 1. Horizontal overflow.
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > vw + 1) problems.push(`the page is ${docWidth} px wide in a ${vw} px viewport`);

    // 2. The top bar.
    for (const bar of document.querySelectorAll('[data-top-bar]')) {
      if (isHiddenFromVisitors(bar)) continue;
      const box = bar.getBoundingClientRect();
      const items = [...bar.querySelectorAll('a, button')].filter(
        (el) => !isHiddenFromVisitors(el) && !el.closest('[data-top-bar-menu]'),
      );
      for (const item of items) {
        const r = item.getBoundingClientRect();
        if (
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 ||
          r.bottom > box.bottom + 0.5
        ) {
          problems.push(`top bar: ${describe(item)} sticks out of the bar`);
        }
        if (r.right > vw + 0.5 || r.left < -0.5) problems.push(`top bar: ${describe(item)} is outside the viewport`);
      }
      for (const node of textNodesOf(bar)) {
        if (node.parentElement?.closest('[data-top-bar-menu]')) continue;
        if (lineRects(node).length > 1) {
          problems.push(`top bar: "${node.textContent?.trim()}" wraps onto ${lineRects(node).length} lines`);
        }
      }
    }

    // 3. Clipped text.
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('svg') || el.tagName === 'CANVAS') continue;
      const style = getComputedStyle(el);
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      const scrolls = (value: string) => value === 'auto' || value === 'scroll';
      const overX = el.scrollWidth > el.clientWidth + 1;
      const overY = el.scrollHeight > el.clientHeight + 1;
      if (!overX && !overY) continue;
      if (isHiddenFromVisitors(el) || textNodesOf(el).length === 0) continue;
      if ((overX && hides(style.overflowX)) || (overY && hides(style.overflowY))) {
        // Only text that really lies outside the box is clipped (a hidden overflow that holds a
        // decoration or a shadow bigger than the box clips nothing a visitor reads).
        const box = el.getBoundingClientRect();
        const clipped = textNodesOf(el).find((node) =>
          lineRects(node).some(
            (r) =>
              (hides(style.overflowX) && (r.right > box.right + 1 || r.left < box.left - 1)) ||
              (hides(style.overflowY) && (r.bottom > box.bottom + 1 || r.top < box.top - 1)),
          ),
        );
        if (clipped) problems.push(`clipped text: ${describe(el)} hides "${clipped.textContent?.trim().slice(0, 40)}"`);
      } else if ((overX && scrolls(style.overflowX)) || (overY && scrolls(style.overflowY))) {
        // Reachable by keyboard: focusable itself, or holding links and controls that focus moves into.
        const focusable =
          el.getAttribute('tabindex') === '0' ||
          el.matches('textarea, select, input') ||
          el.querySelector('a[href], button, input, select, textarea') !== null;
        const named = Boolean(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby'));
        if (!focusable || !named) {
          problems.push(`scrolling box without a cue: ${describe(el)} scrolls but is not a named, focusable region`);
        }
      }
      if (style.textOverflow === 'ellipsis' && overX) {
        problems.push(`clipped text: ${describe(el)} ends in an ellipsis`);
      }
    }

    // 4. Covered text in the first screen. Hit-testing honours pointer-events, so decorations that
    // ignore the pointer are made hit-testable for the check, then restored.
    const probe = document.createElement('style');
    probe.textContent = '* { pointer-events: auto !important; }';
    document.head.append(probe);
    try {
      const blocks = document.querySelectorAll('h1, h2, h3, h4, p, li, label, dt, dd, td, th, blockquote, figcaption');
      // Behind an open modal dialog (its backdrop is an open [data-overlay]) only the dialog is read.
      const modal = document.querySelector('[data-overlay][data-state="open"]')
        ? document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')
        : null;
      for (const block of blocks) {
        if (isHiddenFromVisitors(block)) continue;
        if (modal && !modal.contains(block)) continue;
        for (const node of textNodesOf(block)) {
          for (const rect of lineRects(node)) {
            if (rect.bottom <= 0 || rect.top >= vh || rect.right <= 0 || rect.left >= vw) continue;
            const points: [number, number][] = [
              [rect.left + rect.width / 2, rect.top + rect.height / 2],
              [rect.left + 2, rect.top + rect.height / 2],
              [rect.right - 2, rect.top + rect.height / 2],
            ];
            for (const [x, y] of points) {
              if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
              const top = document.elementFromPoint(x, y);
              if (!top || top === block || block.contains(top) || top.contains(block)) continue;
              if (top.closest('[data-overlay]') && !block.closest('[data-overlay]')) continue;
              if (isStretchedLink(top, x, y)) continue;
              if (top.closest('[aria-hidden="true"]') && !top.closest('[data-top-bar]')) {
                problems.push(`covered text: ${describe(top)} (decoration) is painted over ${describe(block)}`);
              } else {
                problems.push(`covered text: ${describe(top)} is painted over ${describe(block)}`);
              }
              break;
            }
          }
        }
      }
    } finally {
      probe.remove();
    }
    return [...new Set(problems)];
  });
}
