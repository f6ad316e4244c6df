/**
 * The unsubscribe page's one write (docs/product.md#settings-screen): the POST of the link's
 * token, which turns the client's project emails off. It touches no cached data.
 */
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';

export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => unwrap(api.unsubscribe.$post({ query: { token } })) });
}
