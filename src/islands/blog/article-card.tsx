/**
 * One article card of the blog list (docs/product.md#blog): category, a 'Featured' badge, title, excerpt,
 * author, read time and at most 3 tags, and a 'Read Article' link whose accessible name carries
 * the title ('Read Article: {title}'). Rendered on the server inside the blog island; no state of its own.
 */
import { ArrowRight, CalendarDays, Clock, Star, UserRound } from 'lucide-react';
import type { BlogCardPost } from './card-post.ts';

/** Cards show at most this many tags. */
const MAX_CARD_TAGS = 3;

interface Props {
  post: BlogCardPost;
  /** The larger card of the 'Featured Articles' section. */
  highlight?: boolean;
  headingLevel?: 'h3' | 'h4';
}

export function ArticleCard({ post, highlight = false, headingLevel: Heading = 'h3' }: Props) {
  const href = `/blog/${post.slug}`;
  return (
    <article
      data-testid="article-card"
      className={`group relative flex h-full flex-col rounded-2xl border bg-white shadow-sm transition-shadow hover:shadow-lg ${
        highlight ? 'border-accent-400/70 p-6 sm:p-8' : 'border-ink-700/15 p-6'
      }`}
    >
      {highlight && <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5 rounded-t-2xl bg-accent-400" />}
      <div className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-800 ring-1 ring-brand-200">
          <span className="sr-only">Category: </span>
          {post.category}
        </span>
        {post.featured && (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-300 px-3 py-1 text-ink-900">
            <Star aria-hidden="true" className="size-3.5 fill-current" />
            Featured
          </span>
        )}
      </div>

      <Heading
        className={`mt-4 font-bold tracking-tight text-balance text-ink-900 ${highlight ? 'text-2xl' : 'text-xl'}`}
      >
        {post.title}
      </Heading>
      <p className="mt-3 leading-relaxed text-ink-700">{post.excerpt}</p>

      <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
        {post.tags.slice(0, MAX_CARD_TAGS).map((tag) => (
          <li key={tag} className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-ink-700">
            {`#${tag}`}
          </li>
        ))}
      </ul>

      <div className="mt-auto pt-6">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-ink-700/10 pt-4 text-sm text-ink-600">
          <span className="inline-flex items-center gap-1.5 font-medium text-ink-800">
            <UserRound aria-hidden="true" className="size-4" />
            <span className="sr-only">Author: </span>
            {post.author}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={post.date}>{post.dateLabel}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {post.readTime}
          </span>
        </p>
        <a
          href={href}
          aria-label={`Read Article: ${post.title}`}
          className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
        >
          Read Article
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </a>
      </div>
    </article>
  );
}
