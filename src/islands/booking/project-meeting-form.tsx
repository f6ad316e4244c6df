/**
 * The dialog's content of 'Book a project meeting' (docs/product.md#bookings): a day and a time
 * in the member's zone, an optional phone and topic, sent as {type: 'project', projectId, start};
 * then 'You're booked'. A time taken meanwhile shows the free times offered.
 */
import { useState, type SubmitEvent } from 'react';
import { MEETING_TYPE_DETAILS, type SlotJson } from '../../shared/bookings.ts';
import { TOPIC_MAX } from '../../shared/schemas/bookings.ts';
import { Icon } from '../lib/icon.tsx';
import { Field, SubmitButton } from '../ui/form.tsx';
import { PHONE_NEEDED } from './guest-fields.tsx';
import { useBookProjectMeeting } from './mutations.ts';
import { useSlots } from './queries.ts';
import { RefusedTime } from './refused-time.tsx';
import { SlotPicker } from './slot-picker.tsx';
import { formatWhen, visitorTimeZone } from './time-format.ts';

const { label, minutes } = MEETING_TYPE_DETAILS.project;

export default function ProjectMeetingForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const book = useBookProjectMeeting(projectId);
  const [zone, setZone] = useState(visitorTimeZone);
  const [slot, setSlot] = useState<SlotJson | null>(null);
  const [phone, setPhone] = useState('');
  const [topic, setTopic] = useState('');
  const [phoneMissing, setPhoneMissing] = useState(false);
  const { phoneRequired } = useSlots('project');

  if (book.isSuccess) {
    return (
      <div role="status" className="grid justify-items-center gap-3 text-center">
        <Icon name="circle-check" className="size-12 text-green-700" />
        <p className="text-xl font-bold text-ink-900">You&apos;re booked</p>
        <p className="text-ink-700">
          {label}, {formatWhen(book.data.start, zone)} ({zone})
        </p>
        <button type="button" className="btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    );
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!slot || book.isPending) return;
    setPhoneMissing(phoneRequired && !phone.trim());
    if (phoneRequired && !phone.trim()) return;
    book.mutate({ start: slot.start, ...(phone.trim() ? { phone } : {}), ...(topic.trim() ? { topic } : {}) });
  };
  return (
    <form method="post" noValidate aria-label="Book a project meeting" onSubmit={submit} className="grid gap-5">
      <p className="flex items-center gap-2 text-ink-700">
        <Icon name="clock" className="size-4 shrink-0" />
        {label} · {minutes} min
      </p>
      <SlotPicker type="project" zone={zone} onZoneChange={setZone} value={slot?.start ?? null} onChange={setSlot} />
      <Field label={phoneRequired ? 'Phone *' : 'Phone (optional)'} error={phoneMissing ? PHONE_NEEDED : undefined}>
        {(control) => (
          <input
            {...control}
            type="tel"
            autoComplete="tel"
            maxLength={40}
            className="field-input"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </Field>
      <Field label="What would you like to talk about? (optional)">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={TOPIC_MAX}
            className="field-input"
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
          />
        )}
      </Field>
      {book.isError && <RefusedTime error={book.error} zone={zone} value={slot?.start ?? null} onChange={setSlot} />}
      <SubmitButton pending={book.isPending} icon={<Icon name="calendar-clock" className="size-5" />}>
        {slot ? `Book ${formatWhen(slot.start, zone)}` : 'Pick a time first'}
      </SubmitButton>
    </form>
  );
}
