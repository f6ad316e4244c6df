/**
 * The blog post's frontmatter schema (docs/product.md#records), shared by the content collection
 * (src/content.config.ts) and the blog editor's generator (src/shared/blog-mdx.ts), so a
 * generated file is checked against the very schema the site builds with.
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
