/**
 * The editor's Preview (docs/product.md#blog-editor): the draft as a reader would see it, its
 * Markdown ('## ' header, '### ' subheader, '- ' bullet) rendered by react-markdown.
 */
import Markdown from 'react-markdown';
import type { Draft } from './draft.ts';

/** `draft` rendered as an article named 'Preview'. */
export function PostPreview({ draft }: { draft: Draft }) {
  return (
    <article
      aria-label="Preview"
      // A word longer than the line (an address, a pasted token) breaks instead of widening the page.
      className="min-w-0 rounded-2xl bg-white p-5 wrap-anywhere shadow-sm ring-1 ring-ink-700/10 sm:p-8"
    >
      <p className="text-sm font-semibold text-brand-700">
        {draft.category} · {draft.readTime} · {draft.author}
        {draft.featured ? ' · Featured' : ''}
      </p>
      <h2 className="mt-2 text-3xl font-extrabold text-ink-900">{draft.title || 'Untitled post'}</h2>
      {draft.excerpt && <p className="mt-3 text-lg text-ink-700">{draft.excerpt}</p>}
      <div className="mt-6 text-ink-800 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink-900 [&_li]:mt-1 [&_p]:mt-4 [&_pre]:overflow-x-auto [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
        <Markdown>{draft.content || '_Nothing written yet._'}</Markdown>
      </div>
      {draft.tags.length > 0 && (
        <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
          {draft.tags.map((t) => (
            <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-ink-700">
              {t}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
