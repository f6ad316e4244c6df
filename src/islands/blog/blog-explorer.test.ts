import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import BlogExplorer from './blog-explorer.tsx';
import type { BlogCardPost } from './card-post.ts';

const card = (slug: string, over: Partial<BlogCardPost> = {}): BlogCardPost => ({
  slug,
  title: `Title of ${slug}`,
  excerpt: `Excerpt of ${slug}`,
  author: 'Dana Whitaker',
  date: '2026-06-16T00:00:00.000Z',
  dateLabel: 'Jun 16, 2026',
  readTime: '6 min read',
  category: 'Design',
  tags: ['One', 'Two', 'Three', 'Four'],
  featured: false,
  cover: {
    avif: `/_astro/${slug}.avif 400w, /_astro/${slug}-800.avif 800w`,
    webp: `/_astro/${slug}.webp 400w, /_astro/${slug}-800.webp 800w`,
    src: `/_astro/${slug}-800.webp`,
    width: 800,
    height: 450,
  },
  ...over,
});

const posts = [card('first', { featured: true }), card('second'), card('third', { category: 'Security' })];
const categories = ['Design', 'Development', 'Business', 'Security', 'Marketing'];

describe('BlogExplorer prerendered HTML (what visitors without JavaScript get)', () => {
  const html = renderToString(createElement(BlogExplorer, { posts, categories }));

  it('lists every post with a Read Article link to its page', () => {
    for (const slug of ['first', 'second', 'third']) expect(html).toContain(`href="/blog/${slug}"`);
    // two featured cards' worth: the featured section and the grid
    expect(html.match(/href="\/blog\/first"/g)).toHaveLength(2);
  });

  it('shows the featured section, the search box and the category buttons with All pressed', () => {
    expect(html).toContain('Featured Articles');
    expect(html).toContain('Search articles');
    expect(html).toMatch(/aria-pressed="true"[^>]*>All</);
    for (const name of categories) expect(html).toMatch(new RegExp(`aria-pressed="false"[^>]*>${name}<`));
  });

  it('shows at most three tags per card', () => {
    expect(html).toContain('#Three');
    expect(html).not.toContain('#Four');
  });

  it("shows each card's cover as a decorative AVIF/WebP picture, eager only in the featured row", () => {
    const pictures = [...html.matchAll(/<picture>(.*?)<\/picture>/g)].map((m) => m[1]!);
    expect(pictures).toHaveLength(4);
    for (const picture of pictures) {
      expect(picture).toMatch(/<source type="image\/avif" srcSet="\/_astro\/\w+\.avif 400w, [^"]+ 800w" sizes="[^"]+"/);
      expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]+"/);
      expect(picture).toMatch(/<img src="\/_astro\/\w+-800\.webp" width="800" height="450" alt=""/);
    }
    const loading = pictures.map((p) => /loading="(\w+)"/.exec(p)?.[1]);
    expect(loading).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
  });

  it('gives each Read Article link the title in its accessible name', () => {
    expect(html).toContain('aria-label="Read Article: Title of second"');
  });
});
