/**
 * 'Sign-in and security' (docs/product.md#sign-in-security), in the portal's settings and on the
 * dashboard's Security page: passkeys (add one on this device with a name, remove), two-step
 * verification (set up with a QR code or the secret, confirm with a code, recovery codes shown
 * once, new codes, turn off unless required) and the signed-in devices (sign one out, or every
 * other one). Each change that ends other sessions says so.
 */
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { Loading } from '../ui/loading.tsx';
import { securityApi, type Area, type PasskeyRow, type SessionRow } from './security-api.ts';

const keys = (area: Area) => ({
  sessions: ['security', area, 'sessions'],
  totp: ['security', area, 'totp'],
  passkeys: ['security', area, 'passkeys'],
});

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 ring-1 ring-ink-700/10">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-ink-900">
        {icon}
        {title}
      </h2>
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}

const failure = (title: string) => (error: unknown) =>
  toast({ title, description: messageOf(error, 'Please try again.'), variant: 'destructive' });

/** A one-line form: a labelled field and a button. */
function InlineForm({
  label,
  button,
  onSubmit,
  pending,
  inputMode,
  defaultValue = '',
  autoComplete,
}: {
  label: string;
  button: string;
  onSubmit: (value: string) => void;
  pending: boolean;
  inputMode?: 'numeric' | 'text';
  defaultValue?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={button}>
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          className="field-input"
          value={value}
          inputMode={inputMode}
          autoComplete={autoComplete}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={pending}>
        {button}
      </button>
    </form>
  );
}

function PasskeyItem({ area, passkey }: { area: Area; passkey: PasskeyRow }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => securityApi(area).removePasskey(passkey.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['security', area] });
      toast({ title: 'Passkey removed', description: 'Your other devices were signed out.' });
    },
  });
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl p-3 ring-1 ring-ink-700/10">
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere text-ink-900">{passkey.name}</p>
        <p className="text-sm text-ink-700">
          Added {formatDateTime(passkey.createdAt)}
          {passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ' · not used yet'}
        </p>
      </div>
      <ConfirmDelete
        label={`Remove the passkey ${passkey.name}`}
        title={`Remove ${passkey.name}?`}
        description="You will no longer sign in with it, and your other devices will be signed out."
        confirmLabel="Remove passkey"
        mutation={remove}
        failureTitle="Could not remove the passkey"
      />
    </li>
  );
}

function Passkeys({ area }: { area: Area }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: keys(area).passkeys, queryFn: () => securityApi(area).passkeys() });
  const add = useMutation({
    mutationFn: (name: string) => securityApi(area).addPasskey(name || 'Passkey'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['security', area] });
      toast({ title: 'Passkey added', description: 'You can sign in with it from now on.' });
    },
    onError: failure('Could not add the passkey'),
  });
  const supported = typeof window !== 'undefined' && browserSupportsWebAuthn();
  return (
    <Panel title="Passkeys" icon={<KeyRound aria-hidden="true" className="size-5" />}>
      <p className="text-ink-700">
        A passkey signs you in with this device&apos;s screen lock or a security key, without a password or a code.
      </p>
      {list.isPending ? (
        <Loading label="Loading passkeys..." compact />
      ) : list.data && list.data.length > 0 ? (
        <ul className="grid gap-2" aria-label="Your passkeys">
          {list.data.map((p) => (
            <PasskeyItem key={p.id} area={area} passkey={p} />
          ))}
        </ul>
      ) : (
        <p className="text-ink-700">No passkeys yet.</p>
      )}
      {supported ? (
        <InlineForm
          label="Name of the new passkey"
          button="Add a passkey"
          defaultValue="Passkey on this device"
          pending={add.isPending}
          onSubmit={(name) => add.mutate(name)}
        />
      ) : (
        <p className="text-ink-700">This browser cannot create passkeys.</p>
      )}
    </Panel>
  );
}

/** Recovery codes, shown once, with a way to copy them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-700/30">
      <p className="font-semibold text-ink-900">
        Save these recovery codes now. Each signs you in once if you lose your phone; they will not be shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-ink-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast({ title: 'Copied' }))}
        >
          Copy the codes
        </button>
        <button type="button" className="btn-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

function TwoStep({ area }: { area: Area }) {
  const queryClient = useQueryClient();
  const api = securityApi(area);
  const state = useQuery({ queryKey: keys(area).totp, queryFn: api.totp });
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['security', area] });
  const start = useMutation({ mutationFn: api.startTotp, onSuccess: setSetup, onError: failure('Could not start') });
  const confirm = useMutation({
    mutationFn: api.confirmTotp,
    onSuccess: (answer) => {
      setSetup(null);
      setCodes(answer.recoveryCodes);
      refresh();
      toast({ title: 'Two-step verification is on', description: 'Your other devices were signed out.' });
    },
    onError: failure('That code did not work'),
  });
  const regenerate = useMutation({
    mutationFn: api.newRecoveryCodes,
    onSuccess: (answer) => {
      setCodes(answer.recoveryCodes);
      refresh();
    },
    onError: failure('That code did not work'),
  });
  const disable = useMutation({
    mutationFn: (code: string) => api.disableTotp(code.length === 6 ? { code } : { recoveryCode: code }),
    onSuccess: () => {
      refresh();
      toast({ title: 'Two-step verification is off' });
    },
    onError: failure('That code did not work'),
  });
  return (
    <Panel title="Two-step verification" icon={<ShieldCheck aria-hidden="true" className="size-5" />}>
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {state.isPending ? (
        <Loading label="Loading..." compact />
      ) : state.data?.enabled ? (
        <>
          <p className="text-ink-700">
            <strong className="text-green-800">On.</strong> Signing in with a password or an emailed link also asks for
            a code from your authenticator app. {state.data.recoveryCodesLeft} recovery codes left.
          </p>
          <InlineForm
            label="Code from your app, for new recovery codes"
            button="New recovery codes"
            inputMode="numeric"
            autoComplete="one-time-code"
            pending={regenerate.isPending}
            onSubmit={(code) => regenerate.mutate(code)}
          />
          {!state.data.required && (
            <InlineForm
              label="Code from your app or a recovery code, to turn it off"
              button="Turn off"
              pending={disable.isPending}
              onSubmit={(code) => disable.mutate(code)}
            />
          )}
        </>
      ) : setup ? (
        <div className="grid gap-4">
          <p className="text-ink-700">
            Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Authy), then enter
            the 6-digit code it shows.
          </p>
          {/* The server's SVG of the otpauth:// address: paths only, no text or script. */}
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="size-48 rounded-lg bg-white p-2 ring-1 ring-ink-700/10"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="text-sm text-ink-700">
            Or type this secret into the app: <code className="font-mono break-all text-ink-900">{setup.secret}</code>
          </p>
          <InlineForm
            label="6-digit code from the app"
            button="Turn on"
            inputMode="numeric"
            autoComplete="one-time-code"
            pending={confirm.isPending}
            onSubmit={(code) => confirm.mutate(code)}
          />
        </div>
      ) : (
        <>
          <p className="text-ink-700">
            {state.data?.required
              ? 'Two-step verification is required for staff. Set it up to use the dashboard.'
              : 'Off. Turn it on so that a stolen password alone cannot open your account.'}
          </p>
          <div>
            <button type="button" className="btn-primary" disabled={start.isPending} onClick={() => start.mutate()}>
              Set up two-step verification
            </button>
          </div>
        </>
      )}
    </Panel>
  );
}

const METHODS: Record<string, string> = {
  password: 'password',
  'password+code': 'password and code',
  link: 'emailed link',
  'link+code': 'emailed link and code',
  passkey: 'passkey',
  google: 'Google',
  'google+code': 'Google and code',
  register: 'new account',
  invitation: 'invitation',
};

function SessionItem({ area, session }: { area: Area; session: SessionRow }) {
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => securityApi(area).signOutSession(session.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys(area).sessions }),
    onError: failure('Could not sign it out'),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl p-3 ring-1 ring-ink-700/10">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
          {session.device}
          {session.current && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">This device</span>
          )}
        </p>
        <p className="text-sm wrap-anywhere text-ink-700">
          {session.ipAddress ?? 'Unknown address'} · signed in
          {session.method && METHODS[session.method] ? ` with ${METHODS[session.method]}` : ''} on{' '}
          {formatDateTime(session.createdAt)} · last seen {formatDateTime(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <button type="button" className="btn-secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          <LogOut aria-hidden="true" className="size-4" /> Sign out<span className="sr-only"> {session.device}</span>
        </button>
      )}
    </li>
  );
}

function Sessions({ area }: { area: Area }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: keys(area).sessions, queryFn: () => securityApi(area).sessions() });
  const others = useMutation({
    mutationFn: () => securityApi(area).signOutOthers(),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: keys(area).sessions });
      toast({ title: 'Signed out everywhere else', description: `${answer.signedOut} other sessions ended.` });
    },
    onError: failure('Could not sign out the other devices'),
  });
  return (
    <Panel title="Signed-in devices" icon={<MonitorSmartphone aria-hidden="true" className="size-5" />}>
      {list.isPending ? (
        <Loading label="Loading devices..." compact />
      ) : (
        <ul className="grid gap-2" aria-label="Signed-in devices">
          {list.data?.map((s) => (
            <SessionItem key={s.id} area={area} session={s} />
          ))}
        </ul>
      )}
      {(list.data?.length ?? 0) > 1 && (
        <div>
          <button type="button" className="btn-secondary" disabled={others.isPending} onClick={() => others.mutate()}>
            Sign out everywhere else
          </button>
        </div>
      )}
    </Panel>
  );
}

/** The three panels for the signed-in person of `area`. */
export function AccountSecurity({ area }: { area: Area }) {
  return (
    <div className="grid gap-6">
      <TwoStep area={area} />
      <Passkeys area={area} />
      <Sessions area={area} />
    </div>
  );
}
