/**
 * A milestone's fields (docs/product.md#milestones): title, description (optional), status and
 * due date (optional), checked by the API's own milestoneSchema. Used to add a milestone and to
 * edit one in place; a failed save shows 'Could not save the milestone' and the server's field
 * messages. The fields are locked while a save runs.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MILESTONE_STATUSES, MILESTONE_STATUS_LABELS } from '../../shared/projects.ts';
import { milestoneSchema, type MilestoneValues } from '../../shared/schemas/admin.ts';
import { messageOf } from '../lib/api.ts';
import { useSubmit, type ToastText } from '../lib/use-submit.ts';
import { Field } from '../ui/form.tsx';
import { SaveButton } from './save-button.tsx';

type MilestoneInput = z.input<typeof milestoneSchema>;

/** The milestone fields; saved by `mutation`, then emptied back to `initial` and `onSaved` runs. */
export function MilestoneForm({
  initial,
  submitLabel,
  mutation,
  success,
  onSaved,
  onCancel,
}: {
  initial: MilestoneInput;
  submitLabel: string;
  mutation: UseMutationResult<unknown, Error, MilestoneValues, unknown>;
  success?: (values: MilestoneValues) => ToastText;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MilestoneInput, unknown, MilestoneValues>({
    resolver: zodResolver(milestoneSchema),
    defaultValues: initial,
  });
  const onSubmit = useSubmit(mutation, {
    setError,
    success: success && ((_, values) => success(values)),
    failure: { title: 'Could not save the milestone', description: (error) => messageOf(error, 'An error occurred') },
    onSuccess: () => {
      reset(initial);
      onSaved?.();
    },
  });
  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)}>
      {/* Locked while saving: the form empties when the save lands, which would drop anything typed meanwhile. */}
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-3 sm:grid-cols-2">
        <Field label="Milestone title" error={errors.title?.message} className="sm:col-span-2">
          {(control) => <input {...control} className="field-input" {...register('title')} />}
        </Field>
        <Field label="Milestone description (optional)" error={errors.description?.message} className="sm:col-span-2">
          {(control) => <textarea {...control} rows={2} className="field-input" {...register('description')} />}
        </Field>
        <Field label="Milestone status" error={errors.status?.message}>
          {(control) => (
            <select {...control} className="field-input" {...register('status')}>
              {MILESTONE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {MILESTONE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Due date (optional)" error={errors.dueDate?.message}>
          {(control) => <input {...control} type="date" className="field-input" {...register('dueDate')} />}
        </Field>
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          {onCancel && (
            <button type="button" className="btn-secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
          <SaveButton pending={isSubmitting}>{submitLabel}</SaveButton>
        </div>
      </fieldset>
    </form>
  );
}
