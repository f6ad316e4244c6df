/**
 * One article card of the blog list (docs/product.md#blog): its cover picture
 * (docs/product.md#blog-covers), category, a 'Featured' badge, title, excerpt, author, read time
 * and at most 3 tags, and a 'Read Article' link whose accessible name carries the title
 * ('Read Article: {title}'). Rendered on the server inside the blog island; no state of its own.
 *
 * The cover is decorative here (alt=""): the title and the link beside it say what the card is.
 */
import { Icon } from '../lib/icon.tsx';
import type { BlogCardPost } from './card-post.ts';

/** Cards show at most this many tags. */
const MAX_CARD_TAGS = 3;

/**
 * How wide the cover is drawn, in CSS px, inside the 72 rem page container (1 rem side padding,
 * 1.5 from 640 px, 2 from 1024 px) and its 1.5 rem grid gaps: what the browser picks a width by.
 * The list: one column, two from 640 px, three from 1024 px. Featured: two columns from 768 px.
 */
const GRID_SIZES =
  '(min-width: 1152px) 347px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)';
const FEATURED_SIZES =
  '(min-width: 1152px) 532px, (min-width: 1024px) calc((100vw - 88px) / 2), (min-width: 768px) calc((100vw - 72px) / 2), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';

interface Props {
  post: BlogCardPost;
  /** The larger card of the 'Featured Articles' section. */
  highlight?: boolean;
  headingLevel?: 'h3' | 'h4';
  /**
   * 'eager' for cards in the first screenful of a wide window (the featured row): their covers are
   * fetched at once, at the browser's own priority (high once it sees them in the viewport; on a
   * phone, where they are below the heading that is the largest paint, they no longer hold it
   * back); the rest load as they near the viewport.
   */
  imageLoading?: 'eager' | 'lazy';
}

export function ArticleCard({ post, highlight = false, headingLevel: Heading = 'h3', imageLoading = 'lazy' }: Props) {
  const href = `/blog/${post.slug}`;
  const { cover } = post;
  const sizes = highlight ? FEATURED_SIZES : GRID_SIZES;
  return (
    <article
      data-testid="article-card"
      className={`group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow hover:shadow-lg ${
        highlight ? 'border-accent-400/70' : 'border-ink-700/15'
      }`}
    >
      <picture>
        <source type="image/avif" srcSet={cover.avif} sizes={sizes} />
        <source type="image/webp" srcSet={cover.webp} sizes={sizes} />
        <img
          src={cover.src}
          width={cover.width}
          height={cover.height}
          alt=""
          loading={imageLoading}
          // In the first screen on wide windows the featured covers are the page's largest paint:
          // decoded with it. The rest decode off the main thread as they arrive.
          {...(imageLoading === 'eager' ? {} : { decoding: 'async' as const })}
          className="aspect-video h-auto w-full bg-brand-800 object-cover"
        />
      </picture>
      {highlight && <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5 bg-accent-400" />}
      <div className={`flex flex-1 flex-col ${highlight ? 'p-6 sm:p-8' : 'p-6'}`}>
        <div className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-800 ring-1 ring-brand-200">
            <span className="sr-only">Category: </span>
            {post.category}
          </span>
          {post.featured && (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-300 px-3 py-1 text-ink-900">
              <Icon name="star" className="size-3.5 fill-current" />
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
              <Icon name="user-round" className="size-4" />
              <span className="sr-only">Author: </span>
              {post.author}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon name="calendar-days" className="size-4" />
              <time dateTime={post.date}>{post.dateLabel}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon name="clock" className="size-4" />
              {post.readTime}
            </span>
          </p>
          <a
            href={href}
            aria-label={`Read Article: ${post.title}`}
            className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
          >
            Read Article
            <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </a>
        </div>
      </div>
    </article>
  );
}
