/**
 * A decorative icon from the icon sprite (src/shared/icons.ts), as src/components/Icon.astro draws
 * it: hidden from assistive technology, 24 px unless `className` sizes it.
 */
import type { IconName } from '../../shared/icon-names.ts';
import { iconHref } from '../../shared/icons.ts';

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} aria-hidden="true">
      <use href={iconHref(name)} />
    </svg>
  );
}
