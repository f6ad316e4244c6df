import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { blogCollectionSchema } from './blog.ts';
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
        category: 'SEO',
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
