/**
 * /admin/invitation (docs/product.md#roles): accepts a staff invitation from its email. The token
 * comes after `#` and leaves the address bar at once; the page sends no Referer. Accepted, the
 * person is signed in and goes to the dashboard's Security page to add a passkey; a used or
 * expired invitation says so.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, messageOf, unwrap } from '../lib/api.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { BrandMark } from '../ui/brand-mark.tsx';
import { Loading } from '../ui/loading.tsx';

function Accept() {
  const accept = useMutation({
    mutationFn: (token: string) => unwrap(api.admin.invitations.accept.$post({ json: { token } })),
    onSuccess: () => window.location.replace('/admin#security'),
  });
  const started = useRef(false);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    history.replaceState(null, '', window.location.pathname);
    if (token) accept.mutate(token);
    else setMissing(true);
  }, [accept]);
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-ink-700/10">
      <BrandMark className="mx-auto size-12" />
      <h1 className="mt-4 text-center text-2xl font-extrabold text-ink-900">Join the team</h1>
      <div className="mt-6">
        {accept.isError || missing ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-4 text-ink-900">
            {accept.isError
              ? messageOf(accept.error, 'This invitation could not be accepted.')
              : 'This invitation link is incomplete.'}{' '}
            <a href="/admin/login" className="font-semibold text-brand-700 underline">
              Go to the sign-in page
            </a>
          </p>
        ) : (
          <Loading label="Accepting the invitation..." compact />
        )}
      </div>
    </div>
  );
}

export default function InvitationPage() {
  return (
    <QueryIsland>
      <Accept />
    </QueryIsland>
  );
}
