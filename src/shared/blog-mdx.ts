/**
 * The blog editor's generator (docs/product.md#blog-editor): a draft post → a complete MDX file, its
 * frontmatter matching the blog collection's schema (src/shared/blog.ts) and written by the
 * `yaml` library, then the body in MDX (see markdownToMdxBody). The file name is the title's slug (github-slugger, as the site's
 * heading ids), saved as src/content/blog/{slug}.mdx.
 */
import { slug } from 'github-slugger';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { stringify } from 'yaml';
import type { BlogPostFrontmatter } from './blog.ts';

export interface DraftPost {
  title: string;
  excerpt: string;
  content: string;
  category: BlogPostFrontmatter['category'];
  author: string;
  readTime: string;
  tags: string[];
  featured: boolean;
  /** The publication date, 'YYYY-MM-DD'. */
  date: string;
}

/** 'What a $99/Month Plan Includes' → 'what-a-99month-plan-includes'. */
export function postSlug(title: string): string {
  return slug(title.trim()) || 'untitled-post';
}

/**
 * Markdown as typed → MDX body: parsed as CommonMark (remark-parse), then written back with the
 * MDX serializer (remark-mdx, remark-stringify), which escapes the `{` and `<` that MDX would
 * read as an expression or a tag, and leaves code spans and blocks as they are.
 */
function markdownToMdxBody(content: string): string {
  const tree = unified().use(remarkParse).parse(content);
  return unified().use(remarkMdx).use(remarkStringify, { bullet: '-' }).stringify(tree);
}

/** The whole file: '---', the YAML frontmatter, '---', a blank line, the body, a final newline. */
export function toMdx(post: DraftPost): string {
  const frontmatter: BlogPostFrontmatter = {
    title: post.title.trim(),
    excerpt: post.excerpt.trim(),
    author: post.author.trim(),
    date: post.date,
    readTime: post.readTime.trim(),
    category: post.category,
    tags: post.tags,
    featured: post.featured,
  };
  return `---\n${stringify(frontmatter)}---\n\n${markdownToMdxBody(post.content.replace(/\r\n/g, '\n')).trim()}\n`;
}

/** Splits a generated file back into its frontmatter text and body (for checks and tests). */
export function splitMdx(file: string): { frontmatter: string; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n\n?([\s\S]*)$/.exec(file);
  if (!match) throw new Error('Not an MDX file with frontmatter');
  return { frontmatter: match[1]!, body: match[2]! };
}
