/**
 * The staff sign-in screen's other ways in (docs/product.md#sign-in-security): 'Use a
 * passkey' (both steps at once) and 'Email me a sign-in link' (15 minutes, the same answer for
 * any address).
 */
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound, Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../lib/api.ts';
import { securityApi } from '../security/security-api.ts';
import { useStaffEmailLink } from './mutations.ts';

export function StaffPasskeySignIn({ onError }: { onError: (message: string) => void }) {
  const [pending, setPending] = useState(false);
  if (typeof window !== 'undefined' && !browserSupportsWebAuthn()) return null;
  return (
    <button
      type="button"
      className="btn-secondary mt-3 w-full"
      disabled={pending}
      onClick={() => {
        setPending(true);
        securityApi('admin')
          .signInWithPasskey()
          .then(() => window.location.assign('/admin'))
          .catch((error: unknown) => {
            if (error instanceof Error && error.name === 'NotAllowedError') return;
            onError(messageOf(error, 'Passkey sign-in failed. Please try again.'));
          })
          .finally(() => setPending(false));
      }}
    >
      <KeyRound aria-hidden="true" className="size-5" />
      Use a passkey
    </button>
  );
}

export function StaffEmailLink() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const send = useStaffEmailLink();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) send.mutate(email.trim());
  };
  if (send.isSuccess) {
    return (
      <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-700/30">
        If that address belongs to the staff, we&apos;ve emailed a sign-in link. It works once, for 15 minutes.
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="mt-4 w-full text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        onClick={() => setOpen(true)}
      >
        Email me a sign-in link
      </button>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Email me a sign-in link" className="mt-4 grid gap-3">
      <div>
        <label htmlFor={id} className="field-label">
          Staff email
        </label>
        <input
          id={id}
          type="email"
          autoComplete="email"
          className="field-input"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {send.isError && (
        <p role="alert" className="field-error">
          {messageOf(send.error, 'Could not send the link. Please try again.')}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={send.isPending}>
        <Mail aria-hidden="true" className="size-5" /> Send Sign-in Link
      </button>
    </form>
  );
}
