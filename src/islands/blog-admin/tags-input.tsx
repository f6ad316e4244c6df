/**
 * The editor's Tags (docs/product.md#blog-editor): a tag is added with Enter or 'Add Tag',
 * trimmed, refused when empty or already there (in any letter case), and removable. The text
 * being typed and its problem live in `useTagsField`, held by the editor, so they survive a
 * switch to Preview and back.
 */
import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Field } from '../ui/form.tsx';
import { addTag, type Draft } from './draft.ts';

/** The draft's tag list, the tag being typed, and the problem with the last one tried. */
export function useTagsField(control: Control<Draft>) {
  const { field } = useController({ control, name: 'tags' });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return {
    tags: field.value,
    text,
    setText,
    problem,
    add() {
      const result = addTag(field.value, text);
      if ('problem' in result) return setProblem(result.problem);
      field.onChange(result.tags);
      setText('');
      setProblem(null);
    },
    remove(tag: string) {
      field.onChange(field.value.filter((t) => t !== tag));
    },
  };
}

/** The Tags field, its Add Tag button and the removable list 'Tags added'. */
export function TagsInput({ tags, error }: { tags: ReturnType<typeof useTagsField>; error?: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      tags.add();
    }
  };
  return (
    <div className="sm:col-span-2">
      <Field label="Tags" error={tags.problem ?? error} hint="Press Enter or choose Add Tag.">
        {(props) => (
          <div className="flex gap-2">
            <input
              {...props}
              className="field-input"
              value={tags.text}
              onChange={(e) => tags.setText(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <button type="button" className="btn-secondary shrink-0" onClick={() => tags.add()}>
              <Plus aria-hidden="true" className="size-4" /> Add Tag
            </button>
          </div>
        )}
      </Field>
      {tags.tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags added">
          {tags.tags.map((t) => (
            <li key={t} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm">
              {t}
              <button
                type="button"
                aria-label={`Remove tag ${t}`}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-brand-100"
                onClick={() => tags.remove(t)}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
