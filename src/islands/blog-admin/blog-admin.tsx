/**
 * /blog-admin (docs/product.md#blog-editor): while the server is asked whether this browser may
 * edit, 'Loading...'; then the gate 'Blog Admin Access' (gate.tsx), the editor (editor.tsx), or,
 * with no editor password configured and no staff session, a note that the editor is disabled.
 */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../lib/query.ts';
import { Loading } from '../ui/loading.tsx';
import Toaster from '../ui/toaster.tsx';
import { Editor } from './editor.tsx';
import { Gate } from './gate.tsx';
import { statusQuery } from './queries.ts';

function Screen() {
  const status = useQuery(statusQuery);
  if (status.isPending) return <Loading />;
  if (status.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-danger-700">
        The editor could not be loaded. Please reload the page.
      </p>
    );
  }
  if (!status.data.configured && !status.data.unlocked) {
    return (
      <div className="mx-auto max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-ink-700/10">
        <h1 className="text-2xl font-extrabold text-ink-900">Blog Admin Access</h1>
        <p role="status" className="mt-3 text-ink-700">
          The blog editor is disabled: no password is set on this server. Staff can sign in at /admin to use it.
        </p>
      </div>
    );
  }
  return status.data.unlocked ? <Editor /> : <Gate />;
}

export default function BlogAdmin() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Screen />
      <Toaster />
    </QueryClientProvider>
  );
}
