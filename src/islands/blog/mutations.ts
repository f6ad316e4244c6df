/**
 * The blog's writes (docs/product.md#newsletter): the newsletter sign-up and unsubscribe. It resolves to what the
 * answer means for the visitor (newsletter.ts) and never fails, so the box shows every outcome
 * itself. It touches no cached data.
 */
import { useMutation } from '@tanstack/react-query';
import { subscribeToNewsletter, unsubscribeFromNewsletter } from './newsletter.ts';

/** Signs `email` up for new articles, or (`unsubscribe`) takes it off. */
export function useNewsletterSignup() {
  return useMutation({
    mutationFn: ({ email, unsubscribe }: { email: string; unsubscribe: boolean }) =>
      unsubscribe ? unsubscribeFromNewsletter(email) : subscribeToNewsletter(email),
  });
}
