/**
 * The blog editor's one read (docs/product.md#blog-editor): whether an editor password is
 * configured on the server and whether this browser is unlocked (an editor cookie or a staff
 * session). It stays as read until an unlock or lock writes the new state.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';

export const blogAdminKeys = { status: ['blog-admin', 'status'] } as const;

const fetchStatus = () => unwrap(api['blog-admin'].status.$get());

/** `{ configured, unlocked }`, as the API reports it. */
export type EditorStatus = Awaited<ReturnType<typeof fetchStatus>>;

export const statusQuery = queryOptions({ queryKey: blogAdminKeys.status, queryFn: fetchStatus });
