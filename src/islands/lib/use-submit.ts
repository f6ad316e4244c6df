/**
 * The one way an island form sends what was typed (docs/product.md#errors): the form's checked
 * values go to a mutation (from the area's mutations.ts, which owns the cache updates); on
 * success a toast and `onSuccess`; on failure the field messages of a 422 (or 409) are shown
 * under the form's fields and, when `failure` is given, a destructive toast says what failed.
 * A form that shows the failure in place reads `mutation.error` instead of asking for a toast.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';
import { toast } from './toast-store.ts';

/** A toast's words. */
export interface ToastText {
  title: string;
  description?: string;
}

export interface SubmitOptions<TForm extends FieldValues, TData, TVariables> {
  /** The form's `setError`: the server's field messages go to the fields the request named. */
  setError?: UseFormSetError<TForm>;
  /** The toast shown when the write succeeded. */
  success?: ToastText | ((data: TData, variables: TVariables) => ToastText);
  /** The destructive toast shown when it failed: a title, and its description for `error`. */
  failure?: { title: string; description: (error: unknown) => string };
  /** Runs after a successful write (and after its toast), e.g. to reset or close the form. */
  onSuccess?: (data: TData, variables: TVariables) => void;
}

/**
 * Shows the field messages of an ApiError on the form: each field the server named that is also
 * a key of `sent` (what was submitted), so a message never lands on a field the form lacks.
 */
function showServerFieldErrors<T extends FieldValues>(error: unknown, sent: unknown, setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError) || typeof sent !== 'object' || sent === null) return;
  for (const [field, message] of Object.entries(error.fields)) {
    if (field in sent) setError(field as Path<T>, { type: 'server', message });
  }
}

/**
 * Returns the submit handler for react-hook-form's `handleSubmit`: it runs `mutation` with the
 * values and says how it went, as `options` describe. It never throws, so the form settles
 * either way; its `isSubmitting` stays true until the write and its cache updates are done.
 */
export function useSubmit<TForm extends FieldValues, TData, TVariables>(
  mutation: Pick<UseMutationResult<TData, Error, TVariables, unknown>, 'mutateAsync'>,
  { setError, success, failure, onSuccess }: SubmitOptions<TForm, TData, TVariables>,
): (variables: TVariables) => Promise<void> {
  return async (variables) => {
    let data: TData;
    try {
      data = await mutation.mutateAsync(variables);
    } catch (error) {
      if (setError) showServerFieldErrors(error, variables, setError);
      if (failure) toast({ title: failure.title, description: failure.description(error), variant: 'destructive' });
      return;
    }
    if (success) toast(typeof success === 'function' ? success(data, variables) : success);
    onSuccess?.(data, variables);
  };
}
