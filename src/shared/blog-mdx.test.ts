import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { blogPostSchema } from './blog.ts';
import { postSlug, splitMdx, toMdx, type DraftPost } from './blog-mdx.ts';

const draft: DraftPost = {
  title: 'Keeping "Small" Sites Fast: A Checklist',
  excerpt: 'Five checks: images, fonts, scripts, caching & hosting.',
  content:
    '## Images\n\nUse `<img loading="lazy">` and {sizes} < 5.\n\n### Formats\n\n- WebP\n- AVIF: yes\n\n```html\n<div>{x}</div>\n```',
  category: 'Marketing',
  author: 'First State Web Studio Team',
  readTime: '5 min read',
  tags: ['Speed', 'Checklist: 2026', '#1 tip'],
  featured: true,
  date: '2026-11-21',
};

describe('the blog editor generator', () => {
  it('writes frontmatter that the blog collection schema accepts, with awkward characters intact', () => {
    const { frontmatter } = splitMdx(toMdx(draft));
    const data = blogPostSchema.parse(parse(frontmatter));
    expect(data).toMatchObject({
      title: draft.title,
      excerpt: draft.excerpt,
      category: 'Marketing',
      tags: draft.tags,
      featured: true,
      readTime: '5 min read',
    });
    expect(data.date.toISOString().slice(0, 10)).toBe('2026-11-21');
  });

  it('keeps the markdown headers and bullets and escapes what MDX would read as code', () => {
    const { body } = splitMdx(toMdx(draft));
    expect(body).toContain('## Images');
    expect(body).toContain('### Formats');
    expect(body).toContain('- WebP');
    expect(body).toContain('Use `<img loading="lazy">` and \\{sizes} \\< 5.');
    expect(body).toContain('```html\n<div>{x}</div>\n```');
    expect(body.endsWith('\n')).toBe(true);
  });

  it('names the file after the title', () => {
    expect(postSlug(draft.title)).toBe('keeping-small-sites-fast-a-checklist');
    expect(postSlug('   ')).toBe('untitled-post');
  });

  it('a post the schema refuses is caught by the same schema (excerpt over 160)', () => {
    const { frontmatter } = splitMdx(toMdx({ ...draft, excerpt: 'x'.repeat(161) }));
    expect(blogPostSchema.safeParse(parse(frontmatter)).success).toBe(false);
  });
});
