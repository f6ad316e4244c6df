/**
 * The blog editor once unlocked (docs/product.md#blog-editor): Preview or Edit, Generate Code
 * and Lock above the draft. Generate Code checks the draft (the messages stay under the fields
 * until the next Generate), writes the complete MDX file (src/shared/blog-mdx.ts), shows it,
 * and copies it ('Code Copied!' with where to save it; 'Copy Failed' when the clipboard refuses).
 * 'Check the highlighted fields' closes once a later Generate succeeds or the editor is locked.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Code2, Eye, Lock, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { postSlug, toMdx } from '../../shared/blog-mdx.ts';
import { toast } from '../lib/toast-store.ts';
import { useFailureToast } from '../lib/use-failure-toast.ts';
import { draftSchema, newDraft, type Draft } from './draft.ts';
import { EditorFields } from './editor-fields.tsx';
import { GeneratedFile } from './generated-file.tsx';
import { useLock } from './mutations.ts';
import { PostPreview } from './post-preview.tsx';
import { useTagsField } from './tags-input.tsx';

/** The editor screen: toolbar, the fields or the preview, and the generated file once made. */
export function Editor() {
  const form = useForm<Draft>({
    resolver: zodResolver(draftSchema),
    defaultValues: newDraft(),
    // Messages change only when Generate Code checks again, and focus stays where it is.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const tags = useTagsField(form.control);
  const lock = useLock();
  const [preview, setPreview] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const draft = form.watch();
  const slug = postSlug(draft.title);
  const invalidToast = useFailureToast();

  const generate = form.handleSubmit(
    async (checked) => {
      invalidToast.clear();
      const file = toMdx(checked);
      setCode(file);
      try {
        await navigator.clipboard.writeText(file);
        toast({
          title: 'Code Copied!',
          description: `Save it as src/content/blog/${postSlug(checked.title)}.mdx, then rebuild the site.`,
        });
      } catch {
        toast({
          title: 'Copy Failed',
          description: 'Use Download, or select the code and copy it by hand.',
          variant: 'destructive',
        });
      }
    },
    () => {
      setCode(null);
      invalidToast.show({ title: 'Check the highlighted fields' });
    },
  );

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold text-ink-900">Blog editor</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-pressed={preview} onClick={() => setPreview(!preview)}>
            {preview ? <Pencil aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
            {preview ? 'Edit' : 'Preview'}
          </button>
          <button type="button" className="btn-primary" onClick={() => void generate()}>
            <Code2 aria-hidden="true" className="size-4" /> Generate Code
          </button>
          <button type="button" className="btn-secondary" onClick={() => lock.mutate()}>
            <Lock aria-hidden="true" className="size-4" /> Lock
          </button>
        </div>
      </div>
      {preview ? <PostPreview draft={draft} /> : <EditorFields form={form} tags={tags} />}
      {code && <GeneratedFile code={code} slug={slug} />}
    </div>
  );
}
