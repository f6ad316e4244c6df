/**
 * The blog post's frontmatter schema (docs/product.md#records), shared by the content collection
 * (src/content.config.ts) and the blog editor's generator (src/shared/blog-mdx.ts), so a
 * generated file is checked against the very schema the site builds with.
 *
 * The collection adds a cover picture (docs/product.md#blog-covers) through astro:content's `image()`
 * helper, which only the build has: see blogCollectionSchema. The editor writes no cover, so a
 * generated post shows its category's cover.
 *
 * Categories: one list for the blog's filter buttons (docs/product.md#blog), the editor's select
 * (docs/product.md#blog-editor) and the posts themselves, so a post always shows under a filter
 * (docs/decisions/0015-one-list-of-blog-categories.md). Posts about SEO go under Marketing.
 */
import { z } from './zod.ts';

/** The blog's categories, in the order the filters and the editor show them (without All). */
export const BLOG_CATEGORIES = ['Design', 'Development', 'Business', 'Marketing', 'Security'] as const;

export const EXCERPT_GUIDANCE = 160;

export const blogPostSchema = z.object({
  title: z.string().min(1).max(90),
  excerpt: z.string().min(1).max(EXCERPT_GUIDANCE),
  author: z.string().min(1),
  date: z.coerce.date(),
  readTime: z.string().regex(/^\d+ min read$/),
  category: z.enum(BLOG_CATEGORIES, {
    error: `Use one of the blog's categories: ${BLOG_CATEGORIES.join(', ')} (SEO posts go under Marketing)`,
  }),
  tags: z.array(z.string().min(1)).min(1),
  featured: z.boolean().default(false),
});
export type BlogPostFrontmatter = z.input<typeof blogPostSchema>;

/** The category a post carries: one of BLOG_CATEGORIES. */
export type PostCategory = (typeof BLOG_CATEGORIES)[number];

/**
 * The blog collection's schema (docs/product.md#blog-covers): the frontmatter above plus an
 * optional `cover` (a file path relative to the post, checked and measured by `image`, the
 * collection's image helper) and its text alternative `coverAlt`, which the article's hero image
 * uses. Either both are given or neither; without them the post shows its category's cover.
 */
export function blogCollectionSchema<T extends z.ZodType>(image: () => T) {
  return blogPostSchema
    .extend({ cover: image().optional(), coverAlt: z.string().min(1).max(200).optional() })
    .refine((post) => (post.cover === undefined) === (post.coverAlt === undefined), {
      message: 'Give both cover and coverAlt, or neither',
      path: ['coverAlt'],
    });
}
