/**
 * The second step of a sign-in (docs/product.md#sign-in-security), in the portal and the
 * dashboard: 'Authentication code' (6 digits from the app; the phone's keyboard shows digits and
 * offers a code it received), or, after 'Use a recovery code instead', one of the recovery codes.
 * `verify` sends it with the challenge; the server's refusal shows under the field.
 */
import { ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../lib/api.ts';
import { SubmitButton } from '../ui/form.tsx';

export function SecondFactorForm({
  verify,
  onCancel,
}: {
  verify: (proof: { code: string } | { recoveryCode: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (!recovery && !/^\d{6}$/.test(entered.replace(/\s/g, ''))) {
      setError('Enter the 6-digit code from your app');
      return;
    }
    if (recovery && entered.length < 10) {
      setError('Enter one of your recovery codes');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await verify(recovery ? { recoveryCode: entered } : { code: entered.replace(/\s/g, '') });
    } catch (failure) {
      setError(messageOf(failure, 'That code is not right. Check the app and try again.'));
    } finally {
      setPending(false);
    }
  };
  const label = recovery ? 'Recovery code' : 'Authentication code';
  return (
    <form method="post" noValidate onSubmit={submit} aria-label="Two-step verification" className="grid gap-4">
      <p className="text-ink-700">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step verification.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
      </p>
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          key={label}
          className="field-input"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="field-error">
            {error}
          </p>
        )}
      </div>
      <SubmitButton pending={pending} icon={<ShieldCheck aria-hidden="true" className="size-5" />}>
        Verify
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          onClick={() => {
            setRecovery((r) => !r);
            setValue('');
            setError(null);
          }}
        >
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </button>
        <button
          type="button"
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          onClick={onCancel}
        >
          Back to sign in
        </button>
      </div>
    </form>
  );
}
