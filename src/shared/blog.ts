/**
 * The blog post's frontmatter schema (docs/product.md#records), shared by the content collection
 * (src/content.config.ts) and the blog editor's generator (src/shared/blog-mdx.ts), so a
 * generated file is checked against the very schema the site builds with.
 *
 * The collection adds a cover picture (docs/product.md#blog-covers) through astro:content's `image()`
 * helper, which only the build has: see blogCollectionSchema. The editor writes no cover, so a
 * generated post shows its category's cover.
 *
 * Categories: the blog's filter buttons (docs/product.md#blog) and the editor's list
 * (docs/product.md#blog-editor) differ; a post may carry any of the six. 'SEO' posts show under
 * All and in search.
 */
import { z } from './zod.ts';

/** The blog's categories: its filter buttons, without All (docs/product.md#blog). */
export const BLOG_CATEGORIES = ['Design', 'Development', 'Business', 'Security', 'Marketing'] as const;
/** The editor's categories (docs/product.md#blog-editor). */
export const EDITOR_CATEGORIES = ['Design', 'Development', 'Business', 'SEO', 'Security'] as const;
const POST_CATEGORIES = [...BLOG_CATEGORIES, 'SEO'] as const;

export const EXCERPT_GUIDANCE = 160;

export const blogPostSchema = z.object({
  title: z.string().min(1).max(90),
  excerpt: z.string().min(1).max(EXCERPT_GUIDANCE),
  author: z.string().min(1),
  date: z.coerce.date(),
  readTime: z.string().regex(/^\d+ min read$/),
  category: z.enum(POST_CATEGORIES),
  tags: z.array(z.string().min(1)).min(1),
  featured: z.boolean().default(false),
});
export type BlogPostFrontmatter = z.input<typeof blogPostSchema>;

/** The categories a post may carry: the filter buttons' and the editor's. */
export type PostCategory = (typeof POST_CATEGORIES)[number];

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
