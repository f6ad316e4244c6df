/**
 * /portal/reset-password (docs/product.md#password-reset): sets a new password from an emailed link. The
 * token comes in the URL fragment (#token=…), which browsers never send to a server, and is removed from the
 * address bar as soon as it is read, so it stays out of history, logs and referrers. An invitation's
 * link (one sent before invitations had their own page) goes on to /portal/welcome.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordResetFormSchema } from '../../shared/schemas/client.ts';
import { messageOf } from '../lib/api.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { useSubmit } from '../lib/use-submit.ts';
import { NewPasswordFields, SubmitButton } from '../ui/form.tsx';
import { useConfirmPasswordReset, useDescribePasswordLink } from './mutations.ts';

type Values = { password: string; confirmPassword: string };

function ResetPasswordForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const describe = useDescribePasswordLink();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (found) history.replaceState(null, '', window.location.pathname);
    setToken(found);
    // An invitation sent before invitations had a page of their own lands on the welcome page.
    if (found) {
      describe.mutate(found, {
        onSuccess: (link) => {
          if (link.purpose === 'invitation' && link.state !== 'unknown') {
            window.location.replace(`/portal/welcome#token=${found}`);
          }
        },
      });
    }
  }, [describe]);

  // The outcome shows in place: the confirmation, or the server's message above the button.
  const submit = useSubmit(confirm, {});
  const onSubmit = ({ password }: Values) => submit({ token: token ?? '', password });
  const done = confirm.isSuccess;
  const failure = confirm.isError ? messageOf(confirm.error, 'Something went wrong. Please try again.') : null;

  return (
    <section
      aria-labelledby="reset-title"
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-ink-700/10 sm:p-8"
    >
      <h1 id="reset-title" className="text-2xl font-extrabold text-ink-900">
        Choose a new password
      </h1>
      {done ? (
        <div className="mt-4 grid gap-4">
          <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-700/30">
            Your password has been changed. For your safety, every device that was signed in has been signed out.
          </p>
          <a href="/portal/login" className="btn-primary">
            Sign in
          </a>
        </div>
      ) : token === null ? (
        <div className="mt-4 grid gap-4">
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-danger-700">
            This page needs the link from your email. Ask for a new one from the sign-in screen.
          </p>
          <a href="/portal/login" className="btn-secondary">
            Go to sign in
          </a>
        </div>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          aria-label="Set a new password"
          className="mt-6 grid gap-4"
        >
          <NewPasswordFields
            password={register('password')}
            confirm={register('confirmPassword')}
            labels={['New password', 'Confirm new password']}
            errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
          />
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-danger-700">
              {failure}
            </p>
          )}
          <SubmitButton pending={isSubmitting} icon={<KeyRound aria-hidden="true" className="size-5" />}>
            Set New Password
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

export default function ResetPassword() {
  return (
    <QueryIsland>
      <ResetPasswordForm />
    </QueryIsland>
  );
}
