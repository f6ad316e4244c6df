/**
 * The blog post's frontmatter schema (SPEC.md 3.4), shared by the content collection
 * (src/content.config.ts) and the blog editor's generator (src/shared/blog-mdx.ts), so a
 * generated file is checked against the very schema the site builds with.
 *
 * Categories: the blog's filter buttons (SPEC.md 2.6) and the editor's list (SPEC.md 2.7) differ;
 * a post may carry any of the six. 'SEO' posts show under All and in search.
 */
import { z } from './zod.ts';

/** Blog categories of SPEC.md 2.6 (the filter buttons, without All). */
export const BLOG_CATEGORIES = ['Design', 'Development', 'Business', 'Security', 'Marketing'] as const;
/** The editor's categories (SPEC.md 2.7). */
export const EDITOR_CATEGORIES = ['Design', 'Development', 'Business', 'SEO', 'Security'] as const;
export const POST_CATEGORIES = [...BLOG_CATEGORIES, 'SEO'] as const;

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
