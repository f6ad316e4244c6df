/**
 * The slot picker of every booking screen (docs/product.md#bookings): the free slots of a meeting
 * type from the API, grouped by day in the visitor's zone (changeable, the agency's named beside),
 * a day to pick, then a time; 'Later dates' loads the next 14 days. Both choices are radio groups,
 * so the keyboard reaches each with one Tab and moves with the arrow keys.
 */
import { RadioGroup } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import type { MeetingType, SlotJson } from '../../shared/bookings.ts';
import { Icon } from '../lib/icon.tsx';
import { messageOf } from '../lib/api.ts';
import { Loading } from '../ui/loading.tsx';
import { useSlots } from './queries.ts';
import { CHOICE, SlotChoices } from './slot-choices.tsx';
import { dayParts, groupByDay } from './time-format.ts';
import { ZoneSelect } from './zone-select.tsx';

export function SlotPicker({
  type,
  zone,
  onZoneChange,
  value,
  onChange,
  empty,
}: {
  type: MeetingType;
  zone: string;
  onZoneChange: (zone: string) => void;
  /** The chosen slot's start, or null. */
  value: string | null;
  onChange: (slot: SlotJson) => void;
  /** Shown under 'No free times in these dates.': where else to turn. */
  empty?: ReactNode;
}) {
  const slots = useSlots(type);
  const [dayChoice, setDayChoice] = useState<string | null>(null);
  const days = groupByDay(slots.slots, zone);
  // The day shown: the one picked, else the chosen time's, else the first with free times.
  const dayOfValue = days.find((d) => d.slots.some((s) => s.start === value))?.key;
  const day = days.find((d) => d.key === dayChoice) ?? days.find((d) => d.key === dayOfValue) ?? days[0];

  return (
    <div className="grid gap-5">
      <ZoneSelect zone={zone} agencyZone={slots.agencyZone} onChange={onZoneChange} />
      {slots.isPending ? (
        <Loading compact label="Loading free times..." />
      ) : slots.isError ? (
        <p role="alert" className="font-medium text-danger-700">
          {messageOf(slots.error, 'The free times could not be loaded. Please reload the page.')}
        </p>
      ) : (
        <>
          <div>
            <p id={`${type}-days`} className="field-label">
              Day
            </p>
            {days.length === 0 ? (
              <>
                <p className="text-ink-700">No free times in these dates.</p>
                {empty}
              </>
            ) : (
              <RadioGroup.Root
                aria-labelledby={`${type}-days`}
                value={day?.key ?? ''}
                onValueChange={setDayChoice}
                className="grid grid-cols-3 gap-2 sm:grid-cols-4 xl:grid-cols-5"
              >
                {days.map((d) => {
                  const [weekday, date] = dayParts(d.slots[0]!.start, zone);
                  return (
                    <RadioGroup.Item key={d.key} value={d.key} className={CHOICE}>
                      <span className="block text-xs font-medium uppercase">{weekday}</span>{' '}
                      <span className="block">{date}</span>
                    </RadioGroup.Item>
                  );
                })}
              </RadioGroup.Root>
            )}
            {slots.hasNextPage && (
              <button
                type="button"
                className="btn-secondary mt-3"
                disabled={slots.isFetchingNextPage}
                onClick={() => void slots.fetchNextPage()}
              >
                <Icon name="calendar-days" className="size-4" />
                {slots.isFetchingNextPage ? 'Loading...' : 'Later dates'}
              </button>
            )}
          </div>
          {day && (
            <div>
              <p className="field-label">Time on {day.label}</p>
              <SlotChoices
                slots={day.slots}
                zone={zone}
                value={value}
                onChange={onChange}
                label={`Time on ${day.label}`}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
