/**
 * Whom the proposal editor writes for (docs/product.md#proposals): a client, chosen as the project
 * form chooses one (`Find a client` searches every client; `Client` offers the first 50 by name or
 * the best 50 matches, and always the chosen one), or the lead the proposal was started from,
 * shown as 'For the lead {name} <{email}>' with the server's message when it cannot take one.
 */
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ProposalBody } from '../../shared/schemas/proposals.ts';
import { ClientPicker, type ClientChoice } from './client-picker.tsx';
import { useLead } from './queries.ts';
import type { ProposalFormInput } from './proposal-values.ts';

type ProposalForm = UseFormReturn<ProposalFormInput, unknown, ProposalBody>;

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
  return (
    <ClientPicker
      selectedId={watch('clientId')}
      initial={initial}
      error={errors.clientId?.message}
      select={register('clientId')}
    />
  );
}

/** The recipient fields of `form`: the lead it was started from, or the client picker. */
export function ProposalRecipient({ form, initialClient }: { form: ProposalForm; initialClient: ClientChoice | null }) {
  const leadId = form.getValues('leadId');
  if (leadId) return <LeadRecipient leadId={leadId} error={form.formState.errors.leadId?.message} />;
  return <ClientRecipient form={form} initial={initialClient} />;
}
