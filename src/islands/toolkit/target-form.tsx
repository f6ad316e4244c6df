/**
 * The toolkit's target form (docs/product.md#toolkit): the domain, the authorization box,
 * Generate and Clear. Generate checks the box first ('Authorization Required'), then that a
 * domain was typed ('Domain Required'), both in a toast; a domain that is not a hostname gets a
 * message under the field and clears the commands. A good one is shown cleaned up in the field
 * and handed to `onGenerate`. Each Generate and Clear closes the toast of the attempt before, so
 * an error already put right never stays on screen. Nothing typed leaves the browser.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Icon } from '../lib/icon.tsx';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useFailureToast } from '../lib/use-failure-toast.ts';
import { targetSchema, type TargetInput } from './target-schema.ts';

/** The form; see the module comment. */
export function TargetForm({
  onGenerate,
  onClear,
}: {
  /** A checked domain, or null when what was typed is not one. */
  onGenerate: (domain: string | null) => void;
  onClear: () => void;
}) {
  const inputId = useId();
  const consentId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors },
  } = useForm<TargetInput, unknown, { domain: string }>({
    resolver: zodResolver(targetSchema),
    defaultValues: { domain: '', consent: false },
    // The message under the field changes only on Generate, and focus stays where it is.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const error = errors.domain?.message;
  const failureToast = useFailureToast();

  const generate = handleSubmit(
    ({ domain }) => {
      failureToast.clear();
      setValue('domain', domain);
      onGenerate(domain);
    },
    (problems) => {
      const { authorization, domainRequired } = problems.root ?? {};
      if (authorization) {
        failureToast.show({ title: 'Authorization Required', description: authorization.message });
      } else if (domainRequired) {
        failureToast.show({ title: 'Domain Required', description: domainRequired.message });
      } else {
        // The message under the field says what is wrong now.
        failureToast.clear();
        onGenerate(null);
      }
    },
  );

  const clear = () => {
    failureToast.clear();
    reset({ domain: '', consent: false });
    onClear();
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={generate}
      aria-label="Generate commands"
      className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10"
    >
      <div>
        <label htmlFor={inputId} className="field-label">
          Target domain
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="example.com"
          className="field-input font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...register('domain')}
        />
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-3">
        <input
          id={consentId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          {...register('consent')}
        />
        <label htmlFor={consentId} className="text-ink-900">
          I confirm that I am authorized to test this domain (it is mine, or it is in scope of a bug bounty program
          whose rules I follow).
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          <Icon name="terminal" className="size-4" /> Generate
        </button>
        <button type="button" className="btn-secondary" onClick={clear}>
          <Icon name="x" className="size-4" /> Clear
        </button>
      </div>
    </form>
  );
}
