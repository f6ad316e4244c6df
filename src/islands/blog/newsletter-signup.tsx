/**
 * The blog's newsletter box (docs/product.md#newsletter): an email input and a Subscribe button that
 * signs the address up (the useNewsletterSignup write). The shared `newsletterSchema` checks the
 * address first; the server's 422 message shows under the input; a thank-you appears on
 * success; a rate limit or a network failure shows a message and keeps what was typed.
 * `Unsubscribe` turns the same box into the way out (docs/product.md#privacy: withdrawing is as
 * easy as giving): the address is deleted and the withdrawal recorded.
 */
import { currentConsentText } from '../../shared/consent-texts.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Icon } from '../lib/icon.tsx';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { newsletterSchema } from '../../shared/schemas/newsletter.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { useNewsletterSignup } from './mutations.ts';

interface FormValues {
  email: string;
}

function NewsletterBox() {
  const ids = useId();
  const emailId = `${ids}-email`;
  const errorId = `${ids}-email-error`;
  const [hydrated, setHydrated] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(newsletterSchema) });

  const signup = useNewsletterSignup();

  // Until React runs, the button stays disabled: a native submit would put the address in the URL.
  useEffect(() => setHydrated(true), []);

  const onSubmit = handleSubmit(async ({ email }) => {
    setNotice(null);
    const outcome = await signup.mutateAsync({ email, unsubscribe: leaving });
    switch (outcome.kind) {
      case 'subscribed':
        reset({ email: '' });
        setNotice({
          tone: 'success',
          text: leaving
            ? 'You are unsubscribed: we have deleted your address from our list.'
            : 'Thanks for subscribing! Watch your inbox for our next article.',
        });
        break;
      case 'invalid':
        if (outcome.fieldError)
          setError('email', { type: 'server', message: outcome.fieldError }, { shouldFocus: true });
        else setNotice({ tone: 'error', text: outcome.message ?? 'Please check your email address.' });
        break;
      default:
        setNotice({ tone: 'error', text: outcome.message });
    }
  });

  const emailError = errors.email?.message;

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="rounded-2xl border border-brand-200 bg-linear-to-br from-brand-50 via-white to-brand-50 p-6 shadow-sm sm:p-10"
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_1.1fr] lg:items-center">
        <div>
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
            <Icon name="mail" className="size-6" />
          </span>
          <h2 id={`${ids}-heading`} className="mt-4 text-2xl font-bold text-ink-900 sm:text-3xl">
            Get new articles by email
          </h2>
          {/* The words a subscriber agrees to, recorded with their version (docs/product.md#privacy). */}
          <p className="mt-2 max-w-prose text-ink-700">{currentConsentText('newsletter').text}</p>
        </div>
        <form method="post" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-heading`}>
          <label htmlFor={emailId} className="field-label">
            Email address
          </label>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">
              <div className="relative">
                <Icon
                  name="mail"
                  className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-600"
                />
                <input
                  id={emailId}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@yourbusiness.com"
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? errorId : undefined}
                  className="field-input pl-10"
                  {...register('email')}
                />
              </div>
              {emailError && (
                <p id={errorId} className="field-error">
                  {emailError}
                </p>
              )}
            </div>
            <button type="submit" className="btn-primary shrink-0" disabled={!hydrated || isSubmitting}>
              {isSubmitting && <Icon name="loader-circle" className="size-4 animate-spin" />}
              {leaving
                ? isSubmitting
                  ? 'Unsubscribing…'
                  : 'Unsubscribe'
                : isSubmitting
                  ? 'Subscribing…'
                  : 'Subscribe'}
            </button>
          </div>
          <p className="mt-3 text-sm text-ink-700">
            {leaving ? 'Changed your mind? ' : 'Already subscribed? '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => {
                setLeaving(!leaving);
                setNotice(null);
              }}
            >
              {leaving ? 'Subscribe instead' : 'Unsubscribe'}
            </button>
          </p>

          <div role="status">
            {notice?.tone === 'success' && (
              <p className="mt-4 flex items-start gap-2 rounded-lg bg-green-50 p-3 font-medium text-green-900 ring-1 ring-green-700/30">
                <Icon name="circle-check" className="mt-0.5 size-5 shrink-0" />
                {notice.text}
              </p>
            )}
          </div>
          <div role="alert">
            {notice?.tone === 'error' && (
              <p className="mt-4 flex items-start gap-2 rounded-lg bg-red-50 p-3 font-medium text-danger-700 ring-1 ring-danger-700/30">
                <Icon name="circle-exclamation-point" className="mt-0.5 size-5 shrink-0" />
                {notice.text}
              </p>
            )}
          </div>
        </form>
      </div>
    </section>
  );
}

export default function NewsletterSignup() {
  return (
    <QueryIsland>
      <NewsletterBox />
    </QueryIsland>
  );
}
