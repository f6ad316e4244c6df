import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES, blogCollectionSchema, blogPostSchema } from './blog.ts';
import { splitMdx, toMdx } from './blog-mdx.ts';
import { z } from './zod.ts';

/** Stands in for astro:content's image(): a path, as the build's helper takes it. */
const image = () => z.string().startsWith('./');
const schema = blogCollectionSchema(image);

const frontmatter = () =>
  parse(
    splitMdx(
      toMdx({
        title: 'Keeping Small Sites Fast',
        excerpt: 'Five checks.',
        content: 'Body',
        category: 'Marketing',
        author: 'First State Web Studio Team',
        readTime: '5 min read',
        tags: ['Speed'],
        featured: false,
        date: '2026-11-21',
      }),
    ).frontmatter,
  ) as Record<string, unknown>;

describe('the blog collection schema (docs/product.md#blog-covers)', () => {
  it("accepts a post from the editor, which names no cover (it shows its category's)", () => {
    const post = schema.parse(frontmatter());
    expect(post.cover).toBeUndefined();
    expect(post.coverAlt).toBeUndefined();
  });

  it('accepts a cover with its text', () => {
    const post = schema.parse({ ...frontmatter(), cover: './covers/fast.svg', coverAlt: 'Illustration: a stopwatch' });
    expect(post).toMatchObject({ cover: './covers/fast.svg', coverAlt: 'Illustration: a stopwatch' });
  });

  it('refuses a cover without its text, and a text without a cover', () => {
    expect(schema.safeParse({ ...frontmatter(), cover: './covers/fast.svg' }).success).toBe(false);
    expect(schema.safeParse({ ...frontmatter(), coverAlt: 'Illustration: a stopwatch' }).success).toBe(false);
    expect(schema.safeParse({ ...frontmatter(), cover: './covers/fast.svg', coverAlt: '' }).success).toBe(false);
  });
});

/**
 * The blog's one list of categories (docs/decisions/0015-one-list-of-blog-categories.md): the
 * posts' schema takes exactly those five, and every published post carries one of them.
 */
const CONTENT = join(import.meta.dirname, '..', 'content', 'blog');

const post = (category: string) => ({ ...frontmatter(), category });

/** The frontmatter of each post file in src/content/blog/, by file name. */
function publishedPosts(): [string, unknown][] {
  return readdirSync(CONTENT)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => {
      const text = readFileSync(join(CONTENT, name), 'utf8');
      const found = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
      return [name, found === undefined ? undefined : parse(found)];
    });
}

describe('blog categories', () => {
  it('are Design, Development, Business, Marketing and Security, in that order', () => {
    expect(BLOG_CATEGORIES).toEqual(['Design', 'Development', 'Business', 'Marketing', 'Security']);
  });

  it.each(BLOG_CATEGORIES)('a post may be filed under %s', (category) => {
    expect(blogPostSchema.parse(post(category)).category).toBe(category);
  });

  it.each(['SEO', 'marketing', 'Other', ''])(
    'a post filed under %j is refused, saying where SEO posts go',
    (category) => {
      const result = blogPostSchema.safeParse(post(category));
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        "Use one of the blog's categories: Design, Development, Business, Marketing, Security (SEO posts go under Marketing)",
      ]);
    },
  );

  it('every published post passes the schema with a category of the list, and each category has a post', () => {
    const posts = publishedPosts();
    expect(posts.length).toBeGreaterThan(0);
    const used = new Set<string>();
    for (const [name, data] of posts) {
      const checked = schema.safeParse(data);
      expect(checked.success, name).toBe(true);
      used.add(checked.data!.category);
    }
    expect([...used].sort()).toEqual([...BLOG_CATEGORIES].sort());
  });
});
