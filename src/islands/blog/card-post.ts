/**
 * What a blog card needs (docs/product.md#blog): the post's front matter without its body, with
 * the date as an ISO string and a ready-made label so the island ships neither the MDX bodies
 * nor a date library, and its cover's image addresses, made at build time
 * (docs/product.md#blog-covers, src/components/blog/covers.ts). Used by the blog pages (server
 * side) and typed by the island.
 */
import { format } from 'date-fns';
import type { CollectionEntry } from 'astro:content';

type BlogData = CollectionEntry<'blog'>['data'];

/** A card's cover picture, as made by astro:assets at build time. */
export interface CoverImage {
  /** `srcset` of the AVIF versions ('/_astro/….avif 400w, …'). */
  avif: string;
  /** `srcset` of the WebP versions. */
  webp: string;
  /** The WebP version for browsers that read neither srcset. */
  src: string;
  /** Intrinsic size of `src`, in px (the card reserves its space with them). */
  width: number;
  height: number;
}

export interface BlogCardPost extends Pick<
  BlogData,
  'title' | 'excerpt' | 'author' | 'readTime' | 'category' | 'tags' | 'featured'
> {
  slug: string;
  /** Publication date, ISO 8601 (for `<time datetime>` and sorting). */
  date: string;
  /** Publication date as shown, 'MMM d, yyyy'. */
  dateLabel: string;
  cover: CoverImage;
}

/**
 * A post's date as 'MMM d, yyyy'. Front-matter dates are calendar days parsed as UTC midnight,
 * so the day is read in UTC: the label does not depend on the build machine's time zone.
 */
export function formatPostDate(date: Date): string {
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()), 'MMM d, yyyy');
}

/** The card fields of one collection entry, with its cover's picture (made by the caller). */
export function toCardPost(entry: { id: string; data: BlogData }, cover: CoverImage): BlogCardPost {
  const { title, excerpt, author, date, readTime, category, tags, featured } = entry.data;
  return {
    slug: entry.id,
    title,
    excerpt,
    author,
    date: date.toISOString(),
    dateLabel: formatPostDate(date),
    readTime,
    category,
    tags,
    featured,
    cover,
  };
}
