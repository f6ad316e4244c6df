/**
 * Signing out of a signed-in area (docs/product.md#sessions): the area's sign-out request runs;
 * whatever it answers, every cached query is cleared and the browser goes to `destination`, so
 * nothing of the session stays on screen.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The sign-out write: `signOut` is the area's request, `destination` where the browser goes after. */
export function useSignOut(signOut: () => Promise<unknown>, destination: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.clear();
      window.location.assign(destination);
    },
  });
}
