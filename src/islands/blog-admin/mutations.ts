/**
 * The blog editor's writes (docs/product.md#blog-editor): unlocking with the editor password
 * and locking again. Each writes the new gate state into the status query, so the screen
 * switches between the gate and the editor without asking the server again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';
import { blogAdminKeys, type EditorStatus } from './queries.ts';

/** Unlocks the editor with `password`; 401 when it is wrong, 429 past the attempt limit. */
export function useUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => unwrap(api['blog-admin'].unlock.$post({ json: { password } })),
    onSuccess: () => queryClient.setQueryData<EditorStatus>(blogAdminKeys.status, { configured: true, unlocked: true }),
  });
}

/** Locks the editor again (the editor cookie is removed). */
export function useLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api['blog-admin'].lock.$post()),
    onSuccess: () =>
      queryClient.setQueryData<EditorStatus>(blogAdminKeys.status, { configured: true, unlocked: false }),
  });
}
