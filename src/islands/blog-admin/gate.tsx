/**
 * 'Blog Admin Access' (docs/product.md#blog-editor): the editor password, checked by the server.
 * A wrong one shows 'Access Denied' / 'Invalid password'; past the attempt limit, the server's
 * message instead.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, LockOpen } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '../../shared/zod.ts';
import { ApiError } from '../lib/api.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { useUnlock } from './mutations.ts';

const gateSchema = z.object({ password: z.string() });

function deniedMessage(error: unknown): string {
  const tooMany = error instanceof ApiError && error.status === 429;
  return tooMany ? (error.serverMessage ?? 'Too many attempts.') : 'Invalid password';
}

/** The password form; a right password writes 'unlocked' into the status query. */
export function Gate() {
  const fieldId = useId();
  const unlock = useUnlock();
  const { register, handleSubmit } = useForm<z.infer<typeof gateSchema>>({
    resolver: zodResolver(gateSchema),
    defaultValues: { password: '' },
  });
  const submit = useSubmit(unlock, { failure: { title: 'Access Denied', description: deniedMessage } });
  const onSubmit = handleSubmit(async ({ password }) => {
    if (!unlock.isPending) await submit(password);
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      aria-labelledby="gate-title"
      className="mx-auto grid max-w-md gap-4 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-ink-700/10"
    >
      <Lock aria-hidden="true" className="mx-auto size-10 text-brand-700" />
      <h1 id="gate-title" className="text-center text-2xl font-extrabold text-ink-900">
        Blog Admin Access
      </h1>
      <p className="text-center text-ink-700">Enter the editor password, or sign in as staff at /admin.</p>
      <div>
        <label htmlFor={fieldId} className="field-label">
          Password
        </label>
        <input
          id={fieldId}
          type="password"
          autoComplete="current-password"
          className="field-input"
          {...register('password')}
        />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={unlock.isPending}>
        <LockOpen aria-hidden="true" className="size-4" /> {unlock.isPending ? 'Checking...' : 'Unlock'}
      </button>
    </form>
  );
}
