/**
 * The editor's form (docs/product.md#blog-editor): title, excerpt with its 'x/160' counter (in
 * bold red past 160), content in Markdown, category, publish date, author, read time, tags and
 * Featured ('shows on homepage'). Pressing Enter in a field does not generate anything.
 */
import type { UseFormReturn } from 'react-hook-form';
import { BLOG_CATEGORIES, EXCERPT_GUIDANCE } from '../../shared/blog.ts';
import { cn } from '../lib/cn.ts';
import { Field } from '../ui/form.tsx';
import type { Draft } from './draft.ts';
import { TagsInput, type useTagsField } from './tags-input.tsx';

/** The draft's fields, registered on `form`; `tags` is the editor's useTagsField. */
export function EditorFields({ form, tags }: { form: UseFormReturn<Draft>; tags: ReturnType<typeof useTagsField> }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const excerptLength = watch('excerpt').length;
  return (
    <form
      method="post"
      noValidate
      aria-label="Post"
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <Field label="Title" error={errors.title?.message}>
          {(props) => <input {...props} className="field-input" {...register('title')} />}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          label="Excerpt"
          error={errors.excerpt?.message}
          hint={
            <span className={cn(excerptLength > EXCERPT_GUIDANCE && 'font-bold text-danger-700')}>
              {excerptLength}/{EXCERPT_GUIDANCE}
            </span>
          }
        >
          {(props) => <textarea {...props} rows={2} className="field-input" {...register('excerpt')} />}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          label="Content"
          hint="Markdown: start a line with '## ' for a header, '### ' for a subheader, '- ' for a bullet."
        >
          {(props) => (
            <textarea {...props} rows={14} className="field-input font-mono text-sm" {...register('content')} />
          )}
        </Field>
      </div>
      <Field label="Category">
        {(props) => (
          <select {...props} className="field-input" {...register('category')}>
            {BLOG_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Publish date" error={errors.date?.message}>
        {(props) => <input {...props} type="date" className="field-input" {...register('date')} />}
      </Field>
      <Field label="Author" error={errors.author?.message}>
        {(props) => <input {...props} className="field-input" {...register('author')} />}
      </Field>
      <Field label="Read Time" error={errors.readTime?.message}>
        {(props) => <input {...props} className="field-input" {...register('readTime')} />}
      </Field>
      <TagsInput tags={tags} error={errors.tags?.message} />
      <label className="flex items-center gap-3 sm:col-span-2">
        <input type="checkbox" role="switch" className="size-5 accent-brand-700" {...register('featured')} />
        <span className="font-semibold text-ink-900">
          Featured <span className="font-normal text-ink-700">(shows on homepage)</span>
        </span>
      </label>
    </form>
  );
}
