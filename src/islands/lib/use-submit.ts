/**
 * The one way an island form sends what was typed (docs/product.md#errors): the form's checked
 * values go to a mutation (from the area's mutations.ts, which owns the cache updates); on
 * success a toast and `onSuccess`; on failure the field messages of a 422 (or 409) are shown
 * under the form's fields and, when `failure` is given, a destructive toast says what failed.
 * A message shown under a field is not repeated in the toast, which then says
 * 'Check the highlighted fields.'; the failure toast closes when the form later succeeds or goes
 * away (use-failure-toast.ts). A form that shows the failure in place reads `mutation.error`
 * instead of asking for a toast, and `formLevelError` tells whether it belongs in a banner.
 */
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, messageOf } from './api.ts';
import { toast } from './toast-store.ts';
import { useFailureToast } from './use-failure-toast.ts';

/** The failure toast's description when the server's messages went under the form's fields. */
const CHECK_FIELDS = 'Check the highlighted fields.';

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

/** The fields of `error` (an ApiError's `fields`) that are among `fields`, the form's own. */
function fieldMessages(error: unknown, fields: readonly string[]): [string, string][] {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.fields).filter(([field]) => fields.includes(field));
}

/**
 * Shows the field messages of an ApiError on the form: each field the server named that is also
 * a key of `sent` (what was submitted), so a message never lands on a field the form lacks.
 * Returns whether any message was shown.
 */
function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  sent: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (typeof sent !== 'object' || sent === null) return false;
  const shown = fieldMessages(error, Object.keys(sent));
  for (const [field, message] of shown) setError(field as Path<T>, { type: 'server', message });
  return shown.length > 0;
}

/**
 * The message of a failed write for a banner above the form (the server's, else `fallback`), or
 * null when the failure belongs to a field of the form (one of `fields`), whose own message says
 * it under that field (docs/product.md#errors), or when there is no failure.
 */
export function formLevelError(error: unknown, fields: readonly string[], fallback: string): string | null {
  if (!error || fieldMessages(error, fields).length > 0) return null;
  return messageOf(error, fallback);
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
  const failureToast = useFailureToast();
  const busy = useRef(false);
  return async (variables) => {
    // A second submit while the first is on its way (a double click) sends nothing.
    if (busy.current) return;
    busy.current = true;
    let data: TData;
    try {
      data = await mutation.mutateAsync(variables);
    } catch (error) {
      busy.current = false;
      const onFields = setError ? showServerFieldErrors(error, variables, setError) : false;
      if (failure) {
        failureToast.show({ title: failure.title, description: onFields ? CHECK_FIELDS : failure.description(error) });
      }
      return;
    }
    busy.current = false;
    failureToast.clear();
    if (success) toast(typeof success === 'function' ? success(data, variables) : success);
    onSuccess?.(data, variables);
  };
}

/**
 * Whether `error` is a 409 that restates what the screen shows once refreshed (docs/product.md#errors):
 * the thing was already answered, sent or changed that way, so the caller refreshes its data
 * instead of showing an error.
 */
export function restatesScreen(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * `mutation` for a button: `press(variables, options)` runs it unless a press is still on its way
 * (set at once, before React re-renders, so the second click of a double click is ignored);
 * `pending` is true from the press until the write settles, to disable the button.
 */
export function useSinglePress<TData, TVariables>(
  mutation: Pick<UseMutationResult<TData, Error, TVariables, unknown>, 'mutate' | 'isPending'>,
) {
  const busy = useRef(false);
  const press = (variables: TVariables, options: MutateOptions<TData, Error, TVariables, unknown> = {}) => {
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(variables, {
      ...options,
      onSettled: (...args) => {
        busy.current = false;
        return options.onSettled?.(...args);
      },
    });
  };
  return { press, pending: mutation.isPending };
}
