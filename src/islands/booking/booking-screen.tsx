/**
 * The landing page's 'Book a call' screen (docs/product.md#bookings), loaded only when its tab is
 * chosen: a free consultation (30 min). Pick a day and a time in the visitor's zone, then Name,
 * Email, Phone (required when the host calls) and an optional topic (guestFieldsSchema, with the honeypot and the time shown); on
 * success 'You're booked'. A time taken meanwhile (409) or not bookable (422 not_a_slot) shows
 * the server's message and the free times it offers, keeping what was typed; other refusals
 * (422 fields, 429) show their message. Rendered inside the contact island's query client.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MEETING_TYPE_DETAILS, type SlotJson } from '../../shared/bookings.ts';
import { guestFieldsSchema, type GuestFields as Values } from '../../shared/schemas/bookings.ts';
import { Icon } from '../lib/icon.tsx';
import { formLevelError, useSubmit } from '../lib/use-submit.ts';
import { Honeypot, SubmitButton } from '../ui/form.tsx';
import { GuestFields, PHONE_NEEDED } from './guest-fields.tsx';
import { useBookConsultation } from './mutations.ts';
import { useSlots } from './queries.ts';
import { RefusedTime } from './refused-time.tsx';
import { SlotPicker } from './slot-picker.tsx';
import { formatWhen, visitorTimeZone } from './time-format.ts';

const { label: TYPE_LABEL, minutes: MINUTES } = MEETING_TYPE_DETAILS.consultation;
const FIELDS = ['name', 'email', 'phone', 'topic'] as const;

/**
 * `onSendMessage` switches the contact section to its message form: offered when no time is free
 * in the dates shown, so a visitor who finds no time still reaches the team.
 */
export default function BookingScreen({ onSendMessage }: { onSendMessage?: () => void }) {
  const [zone, setZone] = useState(visitorTimeZone);
  const [slot, setSlot] = useState<SlotJson | null>(null);
  const [step, setStep] = useState<'pick' | 'details'>('pick');
  const startedAt = useRef(Date.now());
  const fax = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<Values>({
    resolver: zodResolver(guestFieldsSchema) as never,
    defaultValues: { name: '', email: '', phone: '', topic: '' },
  });
  const book = useBookConsultation(() => ({ fax: fax.current?.value ?? '', startedAt: startedAt.current }));
  const send = useSubmit(book, { setError: form.setError });
  const { phoneRequired } = useSlots('consultation');
  const onSubmit = (values: Values) => {
    if (phoneRequired && !values.phone) return form.setError('phone', { type: 'required', message: PHONE_NEEDED });
    return send({ ...values, start: slot!.start });
  };
  // A failure that belongs to a field shows under it; any other above the fields.
  const banner = formLevelError(book.error, FIELDS, 'The call could not be booked. Please try again.');

  // Each step, and the confirmation, takes focus at its heading so it is read out.
  useEffect(() => {
    if (step === 'details' || book.isSuccess) heading.current?.focus();
  }, [step, book.isSuccess]);

  if (book.isSuccess) {
    return (
      <div role="status" className="text-center">
        <Icon name="circle-check" className="mx-auto size-14 text-green-700" />
        <h3 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold focus:outline-none">
          You&apos;re booked
        </h3>
        <p className="mt-2 font-semibold text-ink-900">
          {TYPE_LABEL}, {formatWhen(book.data.start, zone)}
        </p>
        <p className="text-sm text-ink-700">Times in {zone}</p>
        <p className="mt-3 text-ink-700">We sent a calendar invitation to {book.variables.email}.</p>
      </div>
    );
  }

  const choose = (next: SlotJson) => setSlot(next);
  return (
    <div className="grid gap-5">
      <div>
        <h3 ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          {step === 'pick' ? 'Pick a time' : 'Your details'}
        </h3>
        <p className="mt-1 flex items-center gap-2 text-ink-700">
          <Icon name="clock" className="size-4 shrink-0" />
          {TYPE_LABEL} · {MINUTES} min
        </p>
      </div>
      {step === 'pick' ? (
        <>
          <SlotPicker
            type="consultation"
            zone={zone}
            onZoneChange={setZone}
            value={slot?.start ?? null}
            onChange={choose}
            empty={
              onSendMessage && (
                <p className="mt-1 text-ink-700">
                  Send us a message instead and we will find a time with you.{' '}
                  <button
                    type="button"
                    className="font-semibold text-brand-700 underline underline-offset-2"
                    onClick={onSendMessage}
                  >
                    Send a message
                  </button>
                </p>
              )
            }
          />
          <button type="button" className="btn-primary w-full" disabled={!slot} onClick={() => setStep('details')}>
            Continue
            <Icon name="arrow-right" className="size-5" />
          </button>
        </>
      ) : (
        <form method="post" noValidate aria-label="Book a call" onSubmit={form.handleSubmit(onSubmit)}>
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-ink-700/10">
            <p className="min-w-0">
              <span className="block font-semibold text-ink-900">{formatWhen(slot!.start, zone)}</span>
              <span className="block text-sm text-ink-700">Times in {zone}</span>
            </p>
            <button type="button" className="btn-secondary" onClick={() => setStep('pick')}>
              <Icon name="calendar-days" className="size-4" />
              Change time
            </button>
          </div>
          {banner && (
            <div className="mb-5">
              <RefusedTime error={book.error} zone={zone} value={slot!.start} onChange={choose} fallback={banner} />
            </div>
          )}
          <GuestFields register={form.register} errors={form.formState.errors} phoneRequired={phoneRequired} />
          <Honeypot inputRef={fax} />
          <SubmitButton
            pending={form.formState.isSubmitting}
            icon={<Icon name="calendar-clock" className="size-5" />}
            className="mt-6"
          >
            Book the call
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
