import { describe, expect, it } from 'vitest';
import { formatPostDate, toCardPost } from './card-post.ts';

describe('formatPostDate', () => {
  it("shows a front-matter day as 'MMM d, yyyy', whatever the time zone", () => {
    expect(formatPostDate(new Date('2026-09-01'))).toBe('Sep 1, 2026');
    expect(formatPostDate(new Date('2026-11-03T00:00:00Z'))).toBe('Nov 3, 2026');
  });
});

describe('toCardPost', () => {
  it('keeps the card fields and the cover picture, and leaves out the body', () => {
    const entry = {
      id: 'local-seo',
      body: 'a long body',
      data: {
        title: 'Local SEO',
        excerpt: 'Get found.',
        author: 'Marcus Reyes',
        date: new Date('2026-11-03'),
        readTime: '6 min read',
        category: 'Marketing' as const,
        tags: ['Local SEO'],
        featured: true,
      },
    };
    const cover = { avif: '/a.avif 400w', webp: '/a.webp 400w', src: '/a.webp', width: 800, height: 450 };
    const card = toCardPost(entry, cover);
    expect(card).toEqual({
      slug: 'local-seo',
      title: 'Local SEO',
      excerpt: 'Get found.',
      author: 'Marcus Reyes',
      date: '2026-11-03T00:00:00.000Z',
      dateLabel: 'Nov 3, 2026',
      readTime: '6 min read',
      category: 'Marketing',
      tags: ['Local SEO'],
      featured: true,
      cover,
    });
    expect(JSON.stringify(card)).not.toContain('long body');
  });
});
