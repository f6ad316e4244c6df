/**
 * A lead's notes (docs/product.md#leads): what staff wrote about it, oldest first, with author
 * and time, and a form to add one. Folded under 'Notes' on the lead card; the notes load when
 * it is opened.
 */
import { ViaEmail } from '../ui/via-email.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { NotebookPen, StickyNote } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { leadNoteSchema, type LeadNoteValues } from '../../shared/schemas/admin.ts';
import { messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Field } from '../ui/form.tsx';
import { Loading } from '../ui/loading.tsx';
import { useAddLeadNote } from './mutations.ts';
import { useLeadNotes } from './queries.ts';
import { SaveButton } from './save-button.tsx';

function NoteList({ leadId }: { leadId: string }) {
  const notes = useLeadNotes(leadId);
  if (notes.isPending) return <Loading label="Loading notes..." compact />;
  if (notes.isError) return <p className="text-sm text-red-800">The notes could not be loaded.</p>;
  if (notes.data.length === 0) return <p className="text-sm text-ink-700">No notes yet.</p>;
  return (
    <ol className="grid gap-2">
      {notes.data.map((note) => (
        <li key={note.id} className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-ink-700/10">
          <p className="whitespace-pre-line wrap-anywhere text-ink-900">{note.body}</p>
          <p className="mt-1 text-xs text-ink-700">
            {note.author} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>{' '}
            <ViaEmail via={note.via} />
          </p>
        </li>
      ))}
    </ol>
  );
}

function NoteForm({ leadId, leadName }: { leadId: string; leadName: string }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<LeadNoteValues>({ resolver: zodResolver(leadNoteSchema), defaultValues: { body: '' } });
  const add = useAddLeadNote(leadId);
  const onSubmit = useSubmit(add, {
    setError,
    success: { title: 'Note added' },
    failure: { title: 'Could not add the note', description: (error) => messageOf(error, 'Please try again.') },
    onSuccess: () => reset(),
  });
  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-2">
      <Field label={`New note on ${leadName}`} error={errors.body?.message}>
        {(control) => <textarea {...control} rows={3} className="field-input" {...register('body')} />}
      </Field>
      <div className="flex justify-end">
        <SaveButton pending={add.isPending} icon={<NotebookPen aria-hidden="true" className="size-4" />}>
          Add Note
        </SaveButton>
      </div>
    </form>
  );
}

/** The 'Notes' fold of a lead card. */
export function LeadNotes({
  leadId,
  leadName,
  initiallyOpen = false,
}: {
  leadId: string;
  leadName: string;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details
      open={initiallyOpen || undefined}
      className="mt-4 border-t border-ink-700/10 pt-3"
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded text-sm font-semibold text-brand-700">
        <StickyNote aria-hidden="true" className="size-4" /> Notes<span className="sr-only"> on {leadName}</span>
      </summary>
      {open && (
        <div className="mt-3 grid gap-3">
          <NoteList leadId={leadId} />
          <NoteForm leadId={leadId} leadName={leadName} />
        </div>
      )}
    </details>
  );
}
