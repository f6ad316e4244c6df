/**
 * Templates in the proposal editor (docs/product.md#proposals): `Start from a template` (the two
 * packages of the pricing page, then the team's own; GET /api/admin/proposal-templates) fills the
 * title, introduction, lines, discount, deposit, valid-until day and additional terms, asking
 * first when the form has changes; `Save as template` keeps the form's content under a
 * `Template name` (POST /api/admin/proposal-templates; 409 for a name in use, said under the name).
 */
import { BookmarkPlus, LayoutTemplate, Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ProposalBody } from '../../shared/schemas/proposals.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { Field } from '../ui/form.tsx';
import { useSaveProposalTemplate } from './mutations.ts';
import { useProposalTemplates, type AdminProposalTemplate } from './queries.ts';
import { contentToForm } from './proposal-form-data.ts';
import { CONTENT_FIELDS, dayAfter, templateBodyOf, type ProposalFormInput } from './proposal-values.ts';

type ProposalForm = UseFormReturn<ProposalFormInput, unknown, ProposalBody>;

/** `template` copied into `form`: its content, valid its number of days from today; the recipient stays. */
function fill(form: ProposalForm, template: AdminProposalTemplate) {
  const { clientId, leadId } = form.getValues();
  form.reset({
    clientId,
    leadId,
    ...contentToForm(template),
    validUntil: dayAfter(new Date(), template.validDays),
  });
}

/** `Start from a template` and `Use this template`. */
export function TemplatePicker({ form }: { form: ProposalForm }) {
  const templates = useProposalTemplates();
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const template = templates.data?.items.find((t) => t.id === chosen);
  // Read while rendering, so the form keeps it up to date (react-hook-form's formState proxy).
  const changed = form.formState.isDirty;
  const use = () => {
    if (!template) return;
    if (changed) setAsking(true);
    else fill(form, template);
  };
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="field-label">
        Start from a template
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={id}
          className="field-input w-auto min-w-0 flex-1 basis-56"
          value={chosen}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">{templates.isPending ? 'Loading templates...' : 'Choose a template'}</option>
          {templates.data?.items.map((t) => (
            <option key={t.id} value={t.id}>
              {t.builtIn ? `${t.name} (pricing page)` : t.name}
            </option>
          ))}
        </select>
        <button
          ref={button}
          type="button"
          className="btn-secondary"
          aria-disabled={!template || undefined}
          onClick={use}
        >
          <LayoutTemplate aria-hidden="true" className="size-4" /> Use this template
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-700">
        {templates.isError
          ? 'We could not load the templates. Please reload the page.'
          : 'It fills the title, introduction, lines, discount, deposit, valid-until day and additional terms.'}
      </p>
      <ConfirmAction
        open={asking}
        onOpenChange={setAsking}
        title="Replace what you wrote?"
        description={
          <p>
            The title, introduction, lines, discount, deposit, valid-until day and additional terms you changed will be
            replaced by those of the template {template?.name}. The recipient stays.
          </p>
        }
        confirmLabel="Use the template"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
        onConfirm={async () => {
          if (template) fill(form, template);
        }}
      />
    </div>
  );
}

/** The `Template name` form: saves the proposal's content as a template. */
function TemplateNameForm({ form, onDone }: { form: ProposalForm; onDone: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProposalTemplate();
  const submit = async () => {
    const parsed = templateBodyOf(form.getValues(), name, new Date());
    if (!parsed.success) {
      const issue = parsed.issues[0];
      setError(issue?.path === 'name' ? issue.message : 'Check the highlighted fields of the proposal.');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
    } catch (failure) {
      setError(
        (failure instanceof ApiError && failure.fields.name) || messageOf(failure, 'Could not save the template'),
      );
      return;
    }
    toast({ title: 'Template saved', description: `${parsed.data.name} is in Start from a template.` });
    onDone();
  };
  return (
    <form
      method="post"
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) void submit();
      }}
    >
      <p className="text-sm text-ink-700">
        The title, introduction, lines, discount, deposit, days it stays valid and additional terms are kept; the
        recipient is not.
      </p>
      <Field label="Template name" error={error ?? undefined}>
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            maxLength={100}
            className="field-input"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <button
          type="submit"
          className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          aria-disabled={save.isPending || undefined}
        >
          {save.isPending ? (
            <>
              <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Saving...
            </>
          ) : (
            <>
              <BookmarkPlus aria-hidden="true" className="size-4" /> Save template
            </>
          )}
        </button>
      </div>
    </form>
  );
}

/** `Save as template`: checks the proposal's content first, then asks for the template's name. */
export function SaveTemplateButton({ form }: { form: ProposalForm }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const ask = async () => {
    if (await form.trigger([...CONTENT_FIELDS], { shouldFocus: true })) setOpen(true);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button ref={button} type="button" className="btn-secondary" onClick={() => void ask()}>
        <BookmarkPlus aria-hidden="true" className="size-4" /> Save as template
      </button>
      <DialogContent
        title="Save as template"
        size="md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      >
        <TemplateNameForm form={form} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
