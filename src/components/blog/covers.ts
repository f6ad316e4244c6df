/**
 * Blog covers at build time (docs/product.md#blog-covers): which picture a post shows (its own,
 * else its category's), and the responsive AVIF and WebP versions a card needs, made by
 * astro:assets from the SVG sources in src/content/blog/covers/ (drawn by scripts/blog-covers.ts).
 *
 * Only the build imports this module (it needs astro:assets); the blog island gets the results
 * as plain props (src/islands/blog/card-post.ts, `CoverImage`).
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import type { CollectionEntry } from 'astro:content';
import type { CoverImage } from '../../islands/blog/card-post.ts';
import type { PostCategory } from '../../shared/blog.ts';
import business from '../../content/blog/covers/category-business.svg';
import design from '../../content/blog/covers/category-design.svg';
import development from '../../content/blog/covers/category-development.svg';
import marketing from '../../content/blog/covers/category-marketing.svg';
import security from '../../content/blog/covers/category-security.svg';

type BlogData = CollectionEntry<'blog'>['data'];

/** Each category's cover and its text alternative: what a post without a cover of its own shows. */
const CATEGORY_COVERS: Record<PostCategory, { src: ImageMetadata; alt: string }> = {
  Design: {
    src: design,
    alt: 'Illustration: a curve drawn with a pen tool in a browser window, beside colour swatches',
  },
  Development: { src: development, alt: 'Illustration: a terminal window with lines of code beside a pair of braces' },
  Business: { src: business, alt: 'Illustration: a bar chart rising to a highlighted bar, with an upward trend line' },
  Security: { src: security, alt: 'Illustration: a shield with a keyhole beside a padlock' },
  Marketing: { src: marketing, alt: 'Illustration: a megaphone sending out sound waves, with a few stars' },
};

/** Widths made of every cover, in px: 400 to 1600 (a 16:9 source of 1600 × 900). */
export const COVER_WIDTHS = [400, 800, 1200, 1600];
/**
 * The card's widths: a card is at most 740 CSS px wide (one column just under 768 px), so 1200
 * serves most 2x screens; the card's `sizes` are in src/islands/blog/article-card.tsx.
 */
const CARD_WIDTHS = [400, 800, 1200];

/** The post's cover: its own with its `coverAlt`, or its category's (docs/product.md#blog-covers). */
export function postCover(data: Pick<BlogData, 'cover' | 'coverAlt' | 'category'>): {
  src: ImageMetadata;
  alt: string;
} {
  if (data.cover && data.coverAlt) return { src: data.cover, alt: data.coverAlt };
  return CATEGORY_COVERS[data.category];
}

/**
 * The card's picture: AVIF and WebP srcsets at CARD_WIDTHS, the WebP fallback at 800 px, and
 * its width and height (so the card reserves the space).
 */
export async function cardCover(data: Pick<BlogData, 'cover' | 'coverAlt' | 'category'>): Promise<CoverImage> {
  const { src } = postCover(data);
  const [avif, webp] = await Promise.all(
    (['avif', 'webp'] as const).map((format) => getImage({ src, format, width: 800, widths: CARD_WIDTHS })),
  );
  return {
    avif: avif!.srcSet.attribute,
    webp: webp!.srcSet.attribute,
    src: webp!.src,
    width: Number(webp!.attributes.width),
    height: Number(webp!.attributes.height),
  };
}
