import { useForm } from 'react-hook-form';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '../../shared/blog.ts';
import BlogExplorer from '../blog/blog-explorer.tsx';
import { newDraft, type Draft } from './draft.ts';
import { EditorFields } from './editor-fields.tsx';
import { useTagsField } from './tags-input.tsx';

/**
 * The editor offers exactly the blog's filters (docs/decisions/0015-one-list-of-blog-categories.md):
 * the options of the editor's Category select, as rendered, against the blog's filter buttons, as
 * rendered with the categories the /blog page passes.
 */
function Editor() {
  const form = useForm<Draft>({ defaultValues: newDraft(new Date('2026-11-23T12:00:00Z')) });
  return <EditorFields form={form} tags={useTagsField(form.control)} />;
}

/** The text of each `<option>` in `html`. */
const optionsOf = (html: string) => [...html.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);

/** The names of the category toggle buttons in `html`, without All. */
const filtersOf = (html: string) =>
  [...html.matchAll(/<button[^>]*aria-pressed="(?:true|false)"[^>]*>([^<]*)<\/button>/g)]
    .map((m) => m[1])
    .filter((name) => name !== 'All');

describe('the editor and the blog share one list of categories', () => {
  it('every editor category is a blog filter, and every blog filter an editor category', () => {
    const editor = optionsOf(renderToString(<Editor />));
    const blog = filtersOf(renderToString(<BlogExplorer posts={[]} categories={BLOG_CATEGORIES} />));
    expect(editor).toEqual([...BLOG_CATEGORIES]);
    expect(blog).toEqual(editor);
  });
});
