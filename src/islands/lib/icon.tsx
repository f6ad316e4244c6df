/**
 * A decorative icon from the icon sprite (src/shared/icons.ts), as src/components/Icon.astro draws
 * it: hidden from assistive technology, 24 px unless `className` sizes it.
 *
 * A page whose largest paint is an image holds the symbols its HTML draws itself, as `#icon-name`
 * (scripts/inline-page-icons.mjs). In the browser an icon uses that in-page symbol when there is
 * one, so hydration finds the reference the page was written with; otherwise, and on the server,
 * the sprite's.
 */
import type { IconName } from '../../shared/icon-names.ts';
import { iconHref } from '../../shared/icons.ts';

/** The id prefix of an in-page symbol, as scripts/inline-page-icons.mjs writes it. */
const IN_PAGE_ID_PREFIX = 'icon-';

/**
 * Where to draw an icon from.
 * @returns `#icon-name` when the document holds that symbol, else the sprite's URL
 */
function symbolHref(name: IconName): string {
  if (typeof document !== 'undefined' && document.getElementById(IN_PAGE_ID_PREFIX + name)) {
    return `#${IN_PAGE_ID_PREFIX}${name}`;
  }
  return iconHref(name);
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} aria-hidden="true">
      <use href={symbolHref(name)} />
    </svg>
  );
}
