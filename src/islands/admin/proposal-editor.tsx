/**
 * The proposal editor, a full page like the client and project forms (docs/product.md#proposals):
 * '#proposals/new' (for the client or lead of '?clientId=' / '?leadId=') and '#proposals/{id}' for
 * a draft; a sent proposal's address shows its page instead. Fields: the recipient, `Start from a
 * template`, `Title`, `Introduction (Markdown)`, the line items, `Discount (USD)`, `Deposit (%)`,
 * `Valid until` (30 days from today unless a template says otherwise) and `Additional terms
 * (Markdown, optional)`; beside them on wide screens (under them on narrow ones) the live preview.
 * `Save draft` (toast `Proposal saved`), `Save and send` (saves, then asks), `Save as template`
 * and `Delete draft`. The server's field messages go under their fields, anything else in an alert.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Save, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { ProposalBody } from '../../shared/schemas/proposals.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { Loading } from '../ui/loading.tsx';
import { MissingRecord } from './form-page.tsx';
import { useSaveProposal } from './mutations.ts';
import { DeleteDraft } from './proposal-actions.tsx';
import { ProposalFields } from './proposal-fields.tsx';
import { recipientName } from './proposal-parts.tsx';
import { ProposalPreview } from './proposal-preview.tsx';
import { ProposalRecipient } from './proposal-recipient.tsx';
import { SendProposalDialog, type SendTarget } from './proposal-send.tsx';
import { SaveTemplateButton, TemplatePicker } from './proposal-templates.tsx';
import { draftToForm, emptyForm, splitServerFields } from './proposal-form-data.ts';
import { proposalResolver, type ProposalFormInput } from './proposal-values.ts';
import { adminQueries, useProposal } from './queries.ts';
import { navigate } from './route.ts';

/** How a button looks while it may not be pressed (it stays focusable). */
const UNAVAILABLE = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/** A client as the picker starts with it. */
type ClientChoice = { id: string; name: string; company: string | null };

function EditorPage({
  initial,
  draftId,
  initialClient,
  onCreated,
}: {
  initial: ProposalFormInput;
  /** The draft being changed; null until a new one is first saved. */
  draftId: string | null;
  initialClient: ClientChoice | null;
  onCreated?: (id: string) => void;
}) {
  const form = useForm<ProposalFormInput, unknown, ProposalBody>({
    resolver: proposalResolver,
    defaultValues: initial,
  });
  const { handleSubmit } = form;
  const save = useSaveProposal(draftId);
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [pending, setPending] = useState<'save' | 'send' | null>(null);
  const [sending, setSending] = useState<SendTarget | null>(null);
  const busy = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = draftId ? 'Edit proposal' : 'New proposal';
  const back = () => navigate('proposals');

  /** The server's refusal: its field messages under the fields, anything else in the alert. */
  const showFailure = (error: unknown) => {
    const { onFields, elsewhere } =
      error instanceof ApiError ? splitServerFields(error.fields, form.getValues('items').length) : EMPTY_SPLIT;
    onFields.forEach(([field, message], index) =>
      form.setError(field as Path<ProposalFormInput>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    if (onFields.length === 0 || elsewhere.length > 0) {
      setAlert(elsewhere.length > 0 ? elsewhere.join(' ') : messageOf(error, 'An error occurred'));
    }
  };

  /** Saves `body` (POST, then PUT); the draft's id, or null when it failed. */
  const persist = async (body: ProposalBody): Promise<string | null> => {
    setAlert(null);
    try {
      const { id } = await save.mutateAsync(body);
      form.reset(form.getValues());
      setSavedAt(new Date().toISOString());
      if (draftId === null) {
        onCreated?.(id);
        navigate(`proposals/${encodeURIComponent(id)}`, 'replace');
      }
      return id;
    } catch (error) {
      showFailure(error);
      return null;
    }
  };

  const run = (intent: 'save' | 'send') =>
    handleSubmit(async (body) => {
      // A second press while the first is on its way (a double click) sends nothing.
      if (busy.current) return;
      busy.current = true;
      setPending(intent);
      const id = await persist(body);
      if (id && intent === 'save') toast({ title: 'Proposal saved', description: body.title });
      if (id && intent === 'send') {
        try {
          const saved = await queryClient.query({ ...adminQueries.proposal(id), staleTime: 0 });
          setSending({ id, name: recipientName(saved.recipient) });
        } catch (error) {
          setAlert(messageOf(error, 'An error occurred'));
        }
      }
      busy.current = false;
      setPending(null);
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <button
        type="button"
        onClick={back}
        className="inline-flex items-center gap-1.5 justify-self-start text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to proposals
      </button>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10 sm:p-8">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-extrabold text-ink-900 focus:outline-none">
            {title}
          </h1>
          {alert && (
            <div role="alert" className="mt-5 flex gap-3 rounded-lg bg-red-50 p-4 text-danger-700 ring-1 ring-red-200">
              <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p className="wrap-anywhere">{alert}</p>
            </div>
          )}
          <form
            method="post"
            noValidate
            onSubmit={run('save')}
            aria-label={title}
            className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-5 sm:grid-cols-2"
          >
            <ProposalRecipient form={form} initialClient={initialClient} />
            <TemplatePicker form={form} />
            <ProposalFields form={form} />
            <div className="grid gap-3 sm:col-span-2">
              <p role="status" className="text-sm text-ink-700 empty:hidden">
                {savedAt ? `Saved ${formatDateTime(savedAt)}` : ''}
              </p>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex flex-wrap gap-2">
                  {draftId && <DeleteDraft id={draftId} title={form.getValues('title') || 'this draft'} />}
                  <SaveTemplateButton form={form} />
                </div>
                <div className="flex flex-wrap gap-3">
                  <button type="button" className="btn-secondary" onClick={back}>
                    Cancel
                  </button>
                  {/* Marked unavailable, not disabled, while saving: focus stays on the button pressed. */}
                  <button
                    type="submit"
                    className={`btn-secondary ${UNAVAILABLE}`}
                    aria-disabled={pending !== null || undefined}
                  >
                    <Save aria-hidden="true" className="size-4" /> {pending === 'save' ? 'Saving...' : 'Save draft'}
                  </button>
                  <button
                    type="button"
                    className={`btn-primary ${UNAVAILABLE}`}
                    aria-disabled={pending !== null || undefined}
                    onClick={run('send')}
                  >
                    <Send aria-hidden="true" className="size-4" /> {pending === 'send' ? 'Saving...' : 'Save and send'}
                  </button>
                </div>
              </div>
            </div>
          </form>
        </div>
        <ProposalPreview control={form.control} />
      </div>
      <SendProposalDialog
        target={sending}
        open={sending !== null}
        onOpenChange={(open) => !open && setSending(null)}
        onSent={(id) => navigate(`proposal/${encodeURIComponent(id)}`, 'replace')}
      />
    </div>
  );
}

const EMPTY_SPLIT = { onFields: [] as [string, string][], elsewhere: [] as string[] };

/** A new proposal for `clientId` or `leadId` (or whoever is chosen), once the client is known. */
function NewProposal({
  clientId,
  leadId,
  createdId,
  onCreated,
}: {
  clientId: string | null;
  leadId: string | null;
  createdId: string | null;
  onCreated: (id: string) => void;
}) {
  const client = useQuery({ ...adminQueries.client(clientId ?? ''), enabled: Boolean(clientId && !leadId) });
  const [initial] = useState(() => emptyForm({ clientId, leadId }, new Date()));
  if (clientId && !leadId && client.isPending) return <Loading label="Loading the client..." />;
  const choice =
    clientId && client.data ? { id: client.data.id, name: client.data.name, company: client.data.company } : null;
  return <EditorPage initial={initial} draftId={createdId} initialClient={choice} onCreated={onCreated} />;
}

/** Draft `id`'s editor, once loaded; a sent proposal's page instead. */
function EditDraft({ id }: { id: string }) {
  const draft = useProposal(id);
  const sent = draft.data !== undefined && draft.data.status !== 'draft';
  useEffect(() => {
    if (sent) navigate(`proposal/${encodeURIComponent(id)}`, 'replace');
  }, [sent, id]);
  if (draft.isPending || sent) return <Loading />;
  if (!draft.data) return <MissingRecord what="Proposal" onBack={() => navigate('proposals')} />;
  const { recipient } = draft.data;
  const client =
    recipient?.kind === 'client'
      ? {
          id: recipient.id,
          name: recipient.name,
          company: recipient.business === recipient.name ? null : recipient.business,
        }
      : null;
  return <EditorPage initial={draftToForm(draft.data)} draftId={id} initialClient={client} />;
}

/**
 * The editor of `id` (a draft), or of a new proposal (`id` null) for `clientId` or `leadId`. A new
 * proposal keeps its form once saved, while the address becomes '#proposals/{id}'.
 */
export function ProposalEditor({
  id,
  clientId,
  leadId,
}: {
  id: string | null;
  clientId: string | null;
  leadId: string | null;
}) {
  const [created, setCreated] = useState<{ id: string; key: string } | null>(null);
  const key = `new:${clientId ?? ''}:${leadId ?? ''}`;
  if (id === null || id === created?.id) {
    return (
      <NewProposal
        key={id === null ? key : created!.key}
        clientId={clientId}
        leadId={leadId}
        createdId={id === null ? null : id}
        onCreated={(newId) => setCreated({ id: newId, key })}
      />
    );
  }
  return <EditDraft key={id} id={id} />;
}
