/**
 * The blog's one write (docs/product.md#newsletter): the newsletter sign-up. It resolves to what the
 * answer means for the visitor (newsletter.ts) and never fails, so the box shows every outcome
 * itself. It touches no cached data.
 */
import { useMutation } from '@tanstack/react-query';
import { subscribeToNewsletter } from './newsletter.ts';

/** Signs `email` up for new articles. */
export function useNewsletterSignup() {
  return useMutation({ mutationFn: (email: string) => subscribeToNewsletter(email) });
}
