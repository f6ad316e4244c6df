/**
 * Where an icon of the icon sprite is (docs/decisions/0028-shared-stylesheet-and-icon-sprite.md).
 * The sprite is one file for the whole site, emitted by the build under a name that carries a hash
 * of its content, so browsers keep it across pages and visits (served as immutable).
 */
// `no-inline`: never a data: URL, whatever its size, so that every page shares the one cached file.
import spriteUrl from '../assets/icons.svg?url&no-inline';
import type { IconName } from './icon-names.ts';

/**
 * The URL of an icon's `<symbol>` in the sprite, for `<use href>`.
 * @param name one of ICON_NAMES (src/shared/icon-names.ts)
 * @returns `/_astro/icons.<hash>.svg#name` in a build
 */
export function iconHref(name: IconName): string {
  return `${spriteUrl}#${name}`;
}
