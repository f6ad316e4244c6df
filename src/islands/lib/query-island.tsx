/**
 * Gives an island that writes to the API (a lead form, the newsletter box) its own query client,
 * set up as createQueryClient says, so its mutations follow the same rules as everywhere else.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query.ts';

/** Renders `children` with a query client of their own, made once per island. */
export function QueryIsland({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
