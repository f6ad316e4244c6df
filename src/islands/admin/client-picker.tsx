/**
 * The dashboard's client picker (docs/product.md#project-form, docs/product.md#proposals): `Find a
 * client` searches every client ('The list below shows {n} of {total} clients', or '… matching
 * clients'); `Client` offers the first 50 by name, or the best 50 matches of the search, each
 * `{name} ({company})` or `{name}`, and always the client chosen (`selectedId`, known from
 * `initial` or an earlier list), so a search never hides it. The select is the form's own field
 * (`select`, from react-hook-form's `register`).
 */
import { useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../ui/form.tsx';
import { itemsOf } from './list-view.tsx';
import { useClientPages } from './queries.ts';

/** A client as the picker lists it. */
export interface ClientChoice {
  id: string;
  name: string;
  company: string | null;
}

/** How many clients the picker offers at once; the search box finds any other. */
const PICKER_SIZE = '50';

/** The clients the picker offers for `search`, with `current` always among them. */
function useClientChoices(search: string, current: ClientChoice | null) {
  const words = search.trim();
  const found = useClientPages(
    words ? { q: words, sort: 'relevance', limit: PICKER_SIZE } : { sort: 'name.asc', limit: PICKER_SIZE },
  );
  const choices: ClientChoice[] = itemsOf(found);
  if (current && !choices.some((c) => c.id === current.id)) choices.unshift(current);
  return { choices, total: found.data?.pages[0]?.total, isPending: found.isPending };
}

/** The search box and the select, each across the form's two columns. */
export function ClientPicker({
  selectedId,
  initial,
  error,
  select,
}: {
  selectedId: string;
  initial: ClientChoice | null;
  error?: string;
  select: UseFormRegisterReturn;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const known = useRef(new Map(initial ? [[initial.id, initial]] : []));
  const clients = useClientChoices(search, known.current.get(selectedId) ?? null);
  for (const c of clients.choices) known.current.set(c.id, c);
  return (
    <>
      <div className="sm:col-span-2">
        <label htmlFor={searchId} className="field-label">
          Find a client
        </label>
        <input
          id={searchId}
          type="search"
          className="field-input"
          value={search}
          maxLength={200}
          aria-describedby={`${searchId}-hint`}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p id={`${searchId}-hint`} className="mt-1 text-sm text-ink-700">
          {clients.isPending
            ? 'Loading clients...'
            : `The list below shows ${clients.choices.length} of ${clients.total ?? 0} ${search.trim() ? 'matching clients' : 'clients'}.`}
        </p>
      </div>
      <Field label="Client" error={error} className="sm:col-span-2">
        {(control) => (
          <select {...control} className="field-input" {...select}>
            <option value="">Select a client</option>
            {clients.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company ? `${c.name} (${c.company})` : c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
