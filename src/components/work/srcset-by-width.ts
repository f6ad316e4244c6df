/**
 * A `srcset` whose files are each encoded at the quality their width calls for
 * (docs/product.md#performance): astro:assets gives one quality to every width of a `srcset`, so
 * the widths are grouped by quality, each group transformed on its own, and the candidates put
 * back in order of width. The same call gives the same URLs, so a page's preload and its
 * `<picture>` name the same files.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';

/**
 * @param src the image, imported through astro:assets
 * @param widths the widths to offer, in px
 * @param format the files' format
 * @param qualityOf the encoding quality (0–100, sharp's scale) of a file `width` px wide; the image
 *   service's default when left out or undefined
 * @returns `url 640w, url 720w, …` in order of width
 */
export async function srcsetByWidth(
  src: ImageMetadata,
  widths: readonly number[],
  format: 'avif' | 'webp',
  qualityOf: (width: number) => number | undefined = () => undefined,
): Promise<string> {
  const groups = new Map<number | undefined, number[]>();
  for (const width of widths) groups.set(qualityOf(width), [...(groups.get(qualityOf(width)) ?? []), width]);
  const images = await Promise.all(
    [...groups].map(([quality, group]) =>
      getImage({ src, widths: group, format, ...(quality !== undefined && { quality }) }),
    ),
  );
  return images
    .flatMap((image) => image.srcSet.values)
    .map((value) => ({ value, width: Number.parseInt(value.descriptor ?? '0', 10) }))
    .sort((a, b) => a.width - b.width)
    .map(({ value }) => `${value.url} ${value.descriptor}`)
    .join(', ');
}
