/**
 * The landing page contact form (docs/product.md#contact-form): name, email, message and 'How
 * did you find us? *', sent by the useContactLead write. Idle → sending → success (a thank-you
 * view for 5 seconds, then the form returns, empty) or error (a toast; what the visitor typed
 * stays). Carries a honeypot and the time the form was shown.
 *
 * Beside it, as the second of two tabs (Radix Tabs: arrow keys move between them), 'Book a call'
 * (docs/product.md#bookings): its screen (islands/booking) is fetched only once that tab is
 * chosen, so the landing page's first load carries none of it. Both panels stay mounted once
 * shown, so what was typed in either survives switching tabs. The address `/#book-a-call` (a
 * cancelled call's email links there) opens the page on that tab, and a link to `#book-a-call`
 * on the page chooses it. With no free time shown, the booking screen's 'Send a message' brings
 * the visitor back to the message tab, focused.
 */
import { currentConsentText } from '../../shared/consent-texts.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Icon } from '../lib/icon.tsx';
import { Tabs } from 'radix-ui';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  HOW_DID_YOU_FIND_US,
  HOW_DID_YOU_FIND_US_LABELS,
  contactFormSchema,
  type ContactFormValues,
} from '../../shared/schemas/contact.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { useSubmit } from '../lib/use-submit.ts';
import { Field, Honeypot, SubmitButton } from '../ui/form.tsx';
import { Loading } from '../ui/loading.tsx';
import { useContactLead } from './mutations.ts';

/** How long the thank-you view stays, in milliseconds (docs/product.md#contact-form). */
const THANK_YOU_MS = 5000;

type FormValues = Omit<ContactFormValues, 'howDidYouFindUs'> & {
  howDidYouFindUs: ContactFormValues['howDidYouFindUs'] | '';
};

const [noticeBefore, noticeAfter] = currentConsentText('contact-processing').text.split('privacy policy');
function ContactFormFields() {
  const startedAt = useRef(Date.now());
  const fax = useRef<HTMLInputElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema) as never,
    defaultValues: { name: '', email: '', message: '', howDidYouFindUs: '' },
  });

  const send = useContactLead(() => ({ fax: fax.current?.value ?? '', startedAt: startedAt.current }));
  const onSubmit = useSubmit(send, {
    setError,
    success: { title: 'Message sent successfully!', description: "We'll be in touch soon." },
    failure: { title: 'Error sending message', description: () => 'Please try again later.' },
    onSuccess: () => reset(),
  });
  // The thank-you view shows while the write counts as done; after 5 seconds the form is back.
  const { isSuccess: sent, reset: backToForm } = send;

  useEffect(() => {
    if (!sent) return;
    thanksHeading.current?.focus();
    const timer = window.setTimeout(() => {
      backToForm();
      startedAt.current = Date.now();
    }, THANK_YOU_MS);
    return () => window.clearTimeout(timer);
  }, [sent, backToForm]);

  if (sent) {
    return (
      <div
        role="status"
        className="flex min-h-[28rem] flex-col items-center justify-center rounded-2xl bg-white p-8 text-center text-ink-900 shadow-xl"
      >
        <Icon name="circle-check" className="size-14 text-green-700" />
        <h3 ref={thanksHeading} tabIndex={-1} className="mt-4 text-2xl font-bold focus:outline-none">
          Thank you!
        </h3>
        <p className="mt-2 max-w-sm text-ink-700">
          Your message is on its way to our team. We&apos;ll get back to you within one business day.
        </p>
      </div>
    );
  }

  return (
    <form
      id="contact-form"
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Contact us"
      className="rounded-2xl bg-white p-6 text-ink-900 shadow-xl sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name *" error={errors.name?.message}>
          {(control) => <input {...control} autoComplete="name" className="field-input" {...register('name')} />}
        </Field>
        <Field label="Email *" error={errors.email?.message}>
          {(control) => (
            <input {...control} type="email" autoComplete="email" className="field-input" {...register('email')} />
          )}
        </Field>
      </div>
      <Field label="How did you find us? *" error={errors.howDidYouFindUs?.message} className="mt-5">
        {(control) => (
          <select {...control} className="field-input" {...register('howDidYouFindUs')}>
            <option value="">Select an option</option>
            {HOW_DID_YOU_FIND_US.map((value) => (
              <option key={value} value={value}>
                {HOW_DID_YOU_FIND_US_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Message *" error={errors.message?.message} className="mt-5">
        {(control) => <textarea {...control} rows={5} className="field-input" {...register('message')} />}
      </Field>
      <Honeypot inputRef={fax} />
      <SubmitButton pending={isSubmitting} icon={<Icon name="send" className="size-5" />} className="mt-6">
        Send Message
      </SubmitButton>
      <p className="mt-3 text-center text-sm text-ink-700">* Required. We reply within one business day.</p>
      {/* The processing notice a lead is recorded as having been given (docs/product.md#privacy). */}
      <p className="mt-1 text-center text-sm text-ink-700">
        {noticeBefore}
        <a href="/privacy-policy" className="font-semibold text-brand-700 underline">
          privacy policy
        </a>
        {noticeAfter}
      </p>
    </form>
  );
}

/** The fragment that opens the 'Book a call' tab (docs/product.md#bookings). */
const BOOK_A_CALL = 'book-a-call';

/** The booking screen's code, fetched when 'Book a call' is first chosen. */
const BookingScreen = lazy(() => import('../booking/booking-screen.tsx'));

const TAB =
  'inline-flex min-w-0 items-center justify-center gap-2 rounded-lg px-2 py-2.5 text-sm font-semibold whitespace-nowrap sm:px-3 sm:text-base text-slate-100 hover:text-white data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm';

export default function ContactForm() {
  const [tab, setTab] = useState<'message' | 'call'>('message');
  const [callShown, setCallShown] = useState(false);
  const messageTab = useRef<HTMLButtonElement>(null);
  const choose = (next: string) => {
    setTab(next === 'call' ? 'call' : 'message');
    if (next === 'call') setCallShown(true);
  };
  useEffect(() => {
    const follow = () => {
      if (window.location.hash === `#${BOOK_A_CALL}`) choose('call');
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return (
    <QueryIsland>
      <Tabs.Root id={BOOK_A_CALL} value={tab} onValueChange={choose} className="min-w-0">
        <Tabs.List aria-label="Ways to reach us" className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-white/10 p-1">
          <Tabs.Trigger ref={messageTab} value="message" className={TAB}>
            <Icon name="send" className="size-4 shrink-0" />
            Send a message
          </Tabs.Trigger>
          <Tabs.Trigger value="call" className={TAB}>
            <Icon name="calendar-days" className="size-4 shrink-0" />
            Book a call
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="message" forceMount className="data-[state=inactive]:hidden">
          <ContactFormFields />
        </Tabs.Content>
        <Tabs.Content
          value="call"
          forceMount
          className="rounded-2xl bg-white p-6 text-ink-900 shadow-xl data-[state=inactive]:hidden sm:p-8"
        >
          {callShown && (
            <Suspense fallback={<Loading compact label="Loading the booking screen..." />}>
              <BookingScreen
                onSendMessage={() => {
                  choose('message');
                  messageTab.current?.focus();
                }}
              />
            </Suspense>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </QueryIsland>
  );
}
