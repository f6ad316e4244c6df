/**
 * The blog list's filtering rules (docs/product.md#blog), kept pure so they are unit-tested:
 * - the search matches the title, the excerpt or any tag, case-insensitively; a query of several
 *   words keeps the posts in which every word matches somewhere;
 * - the category filter keeps one category, or every post for 'All';
 * - the 'Featured Articles' section shows only when the category is 'All' and the search is empty;
 * - posts are listed newest first;
 * - the landing page features the three newest featured posts.
 */

/** The category filter's value that keeps every post. */
export const ALL_CATEGORIES = 'All';

/** The fields the filters read. */
export interface FilterablePost {
  title: string;
  excerpt: string;
  tags: readonly string[];
  category: string;
  featured: boolean;
  date: string | Date;
}

export interface BlogFilters {
  query: string;
  category: string;
}

/** Lower case, accents removed, runs of white space collapsed, trimmed. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a search query, normalized; empty for a blank query. */
export function searchTerms(query: string): string[] {
  const normalized = normalizeText(query);
  return normalized === '' ? [] : normalized.split(' ');
}

/** True when every word of `query` occurs in the post's title, excerpt or one of its tags. */
export function matchesSearch(post: FilterablePost, query: string): boolean {
  const terms = searchTerms(query);
  if (terms.length === 0) return true;
  const haystacks = [post.title, post.excerpt, ...post.tags].map(normalizeText);
  return terms.every((term) => haystacks.some((text) => text.includes(term)));
}

/** True when the post is in `category`, or when `category` is 'All'. */
function matchesCategory(post: FilterablePost, category: string): boolean {
  return category === ALL_CATEGORIES || post.category === category;
}

/** The posts that pass both the search and the category filter, in their given order. */
export function filterPosts<T extends FilterablePost>(posts: readonly T[], filters: BlogFilters): T[] {
  return posts.filter((post) => matchesCategory(post, filters.category) && matchesSearch(post, filters.query));
}

/** The 'Featured Articles' section shows only with the category 'All' and an empty search. */
export function showFeaturedSection(filters: BlogFilters): boolean {
  return filters.category === ALL_CATEGORIES && searchTerms(filters.query).length === 0;
}

/** The posts marked featured, in their given order. */
export function featuredPosts<T extends FilterablePost>(posts: readonly T[]): T[] {
  return posts.filter((post) => post.featured);
}

/** How many featured posts the landing page shows at most (docs/product.md#featured-articles). */
const LANDING_FEATURED_MAX = 3;

/**
 * The posts the landing page features (docs/product.md#featured-articles): those marked
 * featured, newest first, at most three; none when no post is featured.
 */
export function landingFeatured<T extends FilterablePost>(posts: readonly T[]): T[] {
  return featuredPosts(sortNewestFirst(posts)).slice(0, LANDING_FEATURED_MAX);
}

/** A copy of `posts`, newest first; posts of the same day keep their order. */
export function sortNewestFirst<T extends Pick<FilterablePost, 'date'>>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime());
}

/** A category from the address bar, if it is one of `categories`; else 'All'. */
export function parseCategory(value: string | null | undefined, categories: readonly string[]): string {
  return value && categories.includes(value) ? value : ALL_CATEGORIES;
}
