/**
 * The unsubscribe page's one read (docs/product.md#settings-screen): whether the link's token is
 * good, asked before the page offers its button. It changes nothing on the server; a 400 means
 * forged, expired or another purpose's. Checked once per page view.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';

export const unsubscribeLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe', 'link', token],
    queryFn: () => unwrap(api.unsubscribe.$get({ query: { token } })),
  });
