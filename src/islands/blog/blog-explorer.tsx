/**
 * The blog list island (docs/product.md#blog): a search box ('Search articles', title, excerpt or tags,
 * case-insensitive), category toggle buttons, the 'Featured Articles' section (only with 'All'
 * and an empty search), the article grid and the 'No articles found' empty state.
 *
 * Rendered on the server with the posts as props, so every card is in the prebuilt HTML and
 * readable without JavaScript. The filters are mirrored in the address (?q=…&category=…) with
 * replaceState, so a filtered list can be shared and survives the browser's back button.
 */
import { Icon } from '../lib/icon.tsx';
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { ArticleCard } from './article-card.tsx';
import type { BlogCardPost } from './card-post.ts';
import {
  ALL_CATEGORIES,
  featuredPosts,
  filterPosts,
  parseCategory,
  searchTerms,
  showFeaturedSection,
} from './filter.ts';

interface Props {
  /** Card fields of every post, newest first. */
  posts: BlogCardPost[];
  /** The filter categories, without 'All'. */
  categories: readonly string[];
}

export default function BlogExplorer({ posts, categories }: Props) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const searchRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  // After hydration: take filters from the address, and keep anything typed before hydration.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const typed = searchRef.current?.value ?? '';
    setQuery(typed || (params.get('q') ?? ''));
    setCategory(parseCategory(params.get('category'), categories));
  }, [categories]);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (query.trim()) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    if (category !== ALL_CATEGORIES) url.searchParams.set('category', category);
    else url.searchParams.delete('category');
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [query, category]);

  const filters = { query, category };
  const visible = useMemo(() => filterPosts(posts, { query, category }), [posts, query, category]);
  const featured = useMemo(() => featuredPosts(posts), [posts]);
  const withFeatured = showFeaturedSection(filters) && featured.length > 0;
  const searching = searchTerms(query).length > 0;
  const filtered = searching || category !== ALL_CATEGORIES;

  const listHeading = searching
    ? 'Search Results'
    : category === ALL_CATEGORIES
      ? 'All Articles'
      : `${category} Articles`;
  const summary = filtered
    ? `${visible.length} of ${posts.length} ${posts.length === 1 ? 'article' : 'articles'} shown`
    : `${posts.length} ${posts.length === 1 ? 'article' : 'articles'}`;

  function clearFilters() {
    setQuery('');
    setCategory(ALL_CATEGORIES);
    searchRef.current?.focus();
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    // With JavaScript the list filters as you type; Enter only closes a phone's keyboard.
    event.preventDefault();
    searchRef.current?.blur();
  }

  return (
    <div>
      <div className="rounded-2xl border border-ink-700/15 bg-white p-4 shadow-sm sm:p-6">
        <form role="search" action="/blog" method="get" onSubmit={onSubmit}>
          <label htmlFor={`${ids}-search`} className="field-label">
            Search articles
          </label>
          <div className="relative">
            <Icon
              name="search"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-600"
            />
            <input
              ref={searchRef}
              id={`${ids}-search`}
              name="q"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="e.g. SEO, WordPress"
              autoComplete="off"
              enterKeyHint="search"
              aria-describedby={`${ids}-summary`}
              className="field-input pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden"
            />
            {query !== '' && (
              <button
                type="button"
                onClick={() => {
                  setQuery('');
                  searchRef.current?.focus();
                }}
                className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-ink-600 hover:bg-brand-50 hover:text-ink-900"
              >
                <Icon name="x" className="size-4" />
                <span className="sr-only">Clear search</span>
              </button>
            )}
          </div>
        </form>

        <div className="mt-5">
          <p id={`${ids}-categories`} className="field-label">
            Filter by category
          </p>
          <div role="group" aria-labelledby={`${ids}-categories`} className="flex flex-wrap gap-2">
            {[ALL_CATEGORIES, ...categories].map((name) => {
              const pressed = category === name;
              return (
                <button
                  key={name}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => setCategory(name)}
                  className={`min-h-10 cursor-pointer rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
                    pressed
                      ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                      : 'border-ink-700/25 bg-white text-ink-800 hover:border-brand-600 hover:bg-brand-50'
                  }`}
                >
                  {name}
                </button>
              );
            })}
          </div>
        </div>
      </div>

      {withFeatured && (
        <section aria-labelledby={`${ids}-featured`} className="mt-12">
          <h2 id={`${ids}-featured`} className="flex items-center gap-2 text-2xl font-bold text-ink-900">
            <Icon name="star" className="size-6 fill-accent-400 text-accent-400" />
            Featured Articles
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {featured.map((post) => (
              <li key={post.slug}>
                <ArticleCard post={post} highlight imageLoading="eager" />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby={`${ids}-list`} className="mt-12" data-testid="article-list">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={`${ids}-list`} className="text-2xl font-bold text-ink-900">
            {listHeading}
          </h2>
          <p id={`${ids}-summary`} role="status" className="text-sm text-ink-600">
            {summary}
          </p>
        </div>

        {visible.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((post) => (
              <li key={post.slug}>
                <ArticleCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-ink-700/30 bg-slate-50 px-6 py-14 text-center">
            <Icon name="search-x" className="size-10 text-ink-600" />
            <h3 className="mt-4 text-xl font-bold text-ink-900">No articles found</h3>
            <p className="mt-2 max-w-md text-ink-700">
              Nothing matches {searching ? <>“{query.trim()}”</> : 'this filter'}
              {category !== ALL_CATEGORIES ? ` in ${category}` : ''}. Try another word or category.
            </p>
            <button type="button" onClick={clearFilters} className="btn-secondary mt-6">
              Show all articles
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
