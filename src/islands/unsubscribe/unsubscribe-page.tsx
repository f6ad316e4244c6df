/**
 * /unsubscribe?token=… (docs/product.md#settings-screen): the page an email's unsubscribe link
 * opens. Opening it changes nothing (mail scanners follow links); it checks the link, asks
 * 'Unsubscribe from project emails?', and only the button's POST turns the emails off. A
 * forged or expired link gets a page that says so and points to the settings.
 */
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../lib/icon.tsx';
import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { ApiError } from '../lib/api.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { Loading } from '../ui/loading.tsx';
import { SubmitButton } from '../ui/form.tsx';
import { useUnsubscribe } from './mutations.ts';
import { unsubscribeLinkQuery } from './queries.ts';

const SETTINGS = '/portal/settings';

/** True when the API refused the link itself (400), as opposed to failing to answer. */
const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 400;

/** The page's card; `focus`: the card replaced the button just pressed, so its heading takes focus and is read out. */
function Card({
  icon,
  title,
  focus = false,
  warning = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  focus?: boolean;
  /** Something is wrong: the icon is red. */
  warning?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, title]);
  return (
    <section
      aria-labelledby="unsubscribe-title"
      className="mx-auto w-full max-w-lg rounded-2xl bg-white p-6 text-center shadow-xl ring-1 ring-ink-700/10 sm:p-8"
    >
      <div
        className={
          warning
            ? 'mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-danger-700'
            : 'mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700'
        }
      >
        {icon}
      </div>
      <h1
        id="unsubscribe-title"
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-2xl font-extrabold text-balance text-ink-900"
      >
        {title}
      </h1>
      <div className="mt-3 grid gap-5 text-ink-700">{children}</div>
    </section>
  );
}

function InvalidLink({ focus = false }: { focus?: boolean }) {
  return (
    <Card
      icon={<Icon name="triangle-exclamation-point" className="size-6" />}
      title="This link does not work"
      focus={focus}
      warning
    >
      <p role="alert">
        This unsubscribe link is not valid or has expired. Sign in and turn emails off in your settings.
      </p>
      <a href={SETTINGS} className="btn-primary">
        Sign in to your settings
      </a>
    </Card>
  );
}

function Question({ token }: { token: string }) {
  const link = useQuery(unsubscribeLinkQuery(token));
  const unsubscribe = useUnsubscribe(token);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!unsubscribe.isPending) unsubscribe.mutate();
  };

  if (link.isPending) return <Loading label="Checking your link..." />;
  if (link.isError && isInvalidLink(link.error)) return <InvalidLink />;
  if (unsubscribe.isError && isInvalidLink(unsubscribe.error)) return <InvalidLink focus />;
  if (link.isError) {
    return (
      <Card icon={<Icon name="triangle-exclamation-point" className="size-6" />} title="Something went wrong" warning>
        <p role="alert">We could not check your link. Please reload the page.</p>
      </Card>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <Card icon={<Icon name="circle-check" className="size-6" />} title="You are unsubscribed" focus>
        <p role="status">You will no longer receive project emails. You can turn them back on in your settings.</p>
        <a href={SETTINGS} className="btn-secondary">
          Go to your settings
        </a>
      </Card>
    );
  }
  return (
    <Card icon={<Icon name="bell-off" className="size-6" />} title="Unsubscribe from project emails?">
      <p>
        We will stop emailing you when the team replies or your project changes. Your projects and messages stay in the
        portal.
      </p>
      <form method="post" onSubmit={onSubmit} aria-label="Unsubscribe" className="grid gap-3">
        {unsubscribe.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-danger-700">
            Something went wrong. Please try again.
          </p>
        )}
        <SubmitButton pending={unsubscribe.isPending} icon={<Icon name="bell-off" className="size-5" />}>
          Unsubscribe
        </SubmitButton>
        <a href="/" className="btn-secondary">
          Keep my emails
        </a>
      </form>
    </Card>
  );
}

function UnsubscribePage() {
  // The page is prebuilt: the token is read from the address once the island runs.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  if (token === undefined) return <Loading />;
  return token ? <Question token={token} /> : <InvalidLink />;
}

export default function Unsubscribe() {
  return (
    <QueryIsland>
      <UnsubscribePage />
    </QueryIsland>
  );
}
