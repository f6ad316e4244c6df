/**
 * Whom the proposal editor writes for (docs/product.md#proposals): a client, chosen as the project
 * form chooses one (`Find a client` searches every client; `Client` offers the first 50 by name or
 * the best 50 matches, and always the chosen one), or the lead the proposal was started from,
 * shown as 'For the lead {name} <{email}>' with the server's message when it cannot take one.
 */
import { useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ProposalBody } from '../../shared/schemas/proposals.ts';
import { Field } from '../ui/form.tsx';
import { itemsOf } from './list-view.tsx';
import { useClientPages, useLead } from './queries.ts';
import type { ProposalFormInput } from './proposal-values.ts';

type ProposalForm = UseFormReturn<ProposalFormInput, unknown, ProposalBody>;

/** A client as the picker lists it. */
interface ClientChoice {
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

/** The lead a proposal is for: its name and email, or why it cannot be loaded. */
function LeadRecipient({ leadId, error }: { leadId: string; error?: string }) {
  const lead = useLead(leadId);
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <p id={id} className="field-label">
        Recipient
      </p>
      <p className="wrap-anywhere text-ink-900">
        {lead.isPending ? (
          'Loading the lead...'
        ) : lead.data ? (
          <>
            For the lead{' '}
            <a href={`#lead/${encodeURIComponent(leadId)}`} className="font-semibold text-brand-700 hover:underline">
              {lead.data.name}
            </a>{' '}
            {lead.data.email ? `<${lead.data.email}>` : '(no email)'}
          </>
        ) : (
          'This lead could not be loaded.'
        )}
      </p>
      {lead.data && !lead.data.email && !error && <p className="field-error">This lead has no email to invite</p>}
      {/* No field here takes focus, so the server's refusal is announced. */}
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The client picker of `form`; `initial` is the draft's client, kept among the choices. */
function ClientRecipient({ form, initial }: { form: ProposalForm; initial: ClientChoice | null }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const [search, setSearch] = useState('');
  const searchId = useId();
  const known = useRef(new Map(initial ? [[initial.id, initial]] : []));
  const clients = useClientChoices(search, known.current.get(watch('clientId')) ?? null);
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
      <Field label="Client" error={errors.clientId?.message} className="sm:col-span-2">
        {(control) => (
          <select {...control} className="field-input" {...register('clientId')}>
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

/** The recipient fields of `form`: the lead it was started from, or the client picker. */
export function ProposalRecipient({ form, initialClient }: { form: ProposalForm; initialClient: ClientChoice | null }) {
  const leadId = form.getValues('leadId');
  if (leadId) return <LeadRecipient leadId={leadId} error={form.formState.errors.leadId?.message} />;
  return <ClientRecipient form={form} initial={initialClient} />;
}
