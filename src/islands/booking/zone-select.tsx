/**
 * The booking screens' time zone (docs/product.md#bookings): a select of every zone the browser
 * knows, the visitor's own chosen at first, and the agency's zone named beside it.
 */
import { useMemo } from 'react';
import { Field } from '../ui/form.tsx';
import { timeZoneOptions } from './time-format.ts';

export function ZoneSelect({
  zone,
  agencyZone,
  onChange,
}: {
  zone: string;
  agencyZone: string | undefined;
  onChange: (zone: string) => void;
}) {
  const zones = useMemo(() => timeZoneOptions([zone, agencyZone ?? '']), [zone, agencyZone]);
  const note = agencyZone ? `Times in ${zone} · our office is in ${agencyZone}` : `Times in ${zone}`;
  return (
    <Field label="Time zone" hint={note}>
      {(control) => (
        <select {...control} className="field-input" value={zone} onChange={(e) => onChange(e.target.value)}>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
