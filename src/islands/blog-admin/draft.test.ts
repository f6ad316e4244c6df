import { describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, addTag, draftSchema, newDraft } from './draft.ts';

const problems = (over: Partial<ReturnType<typeof newDraft>>) => {
  const result = draftSchema.safeParse({ ...newDraft(new Date('2026-11-23T12:00:00Z')), ...over });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the blog editor draft (docs/product.md#blog-editor)', () => {
  it('starts with the default author and read time, dated today', () => {
    expect(newDraft(new Date('2026-11-23T12:00:00Z'))).toMatchObject({
      author: 'First State Web Studio Team',
      readTime: '5 min read',
      category: 'Design',
      tags: [],
      featured: false,
      date: '2026-11-23',
    });
  });

  it("gives each field the collection schema refuses the editor's message, once", () => {
    expect(problems({})).toEqual({
      title: DRAFT_MESSAGES.title,
      excerpt: DRAFT_MESSAGES.excerpt,
      tags: DRAFT_MESSAGES.tags,
    });
    expect(
      problems({ title: 'T', excerpt: 'x'.repeat(161), tags: ['a'], readTime: 'soon', author: '', date: '' }),
    ).toEqual({
      excerpt: 'Enter an excerpt of at most 160 characters',
      readTime: "Write the read time like '5 min read'",
      author: 'Enter an author',
      date: 'Enter a publish date',
    });
  });

  it('checks the title and excerpt trimmed, as the file will hold them', () => {
    expect(problems({ title: '   ', excerpt: ' Short. ', tags: ['a'] })).toEqual({ title: DRAFT_MESSAGES.title });
    expect(problems({ title: ` ${'t'.repeat(90)} `, excerpt: 'Short.', tags: ['a'] })).toEqual({});
  });
});

describe('adding a tag', () => {
  it('trims it and refuses an empty one or one already there in any case', () => {
    expect(addTag([], '  Speed  ')).toEqual({ tags: ['Speed'] });
    expect(addTag(['Speed'], 'speed')).toEqual({ problem: 'That tag is already there' });
    expect(addTag(['Speed'], '   ')).toEqual({ problem: 'Type a tag first' });
    expect(addTag(['Speed'], 'Hosting')).toEqual({ tags: ['Speed', 'Hosting'] });
  });
});
