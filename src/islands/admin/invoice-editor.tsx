/**
 * The invoice editor, a full page like the proposal editor (docs/product.md#invoices):
 * '#invoices/new' (for the client of '?clientId=') and '#invoices/{id}' for a draft; an issued
 * invoice's address shows its page instead. Fields: invoice-fields.tsx; beside them on wide
 * screens (under them on narrow ones) the live total. `Save draft` (toast `Invoice saved`), `Save
 * and issue` (saves, then asks `Issue this invoice?` naming the client and the total) and `Delete
 * draft`. The server's field messages go under their fields, anything else in an alert.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { ApiError, messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { Loading } from '../ui/loading.tsx';
import type { ClientChoice } from './client-picker.tsx';
import { MissingRecord } from './form-page.tsx';
import { DeleteInvoiceDraft, IssueInvoiceDialog, type IssueTarget } from './invoice-actions.tsx';
import { EditorButtons, InvoiceFields, InvoiceTotalsPanel } from './invoice-fields.tsx';
import { useSaveInvoice, type InvoiceBody } from './invoice-mutations.ts';
import { clientNameOf } from './invoice-parts.tsx';
import { invoiceQuery, useFinanceSummary, useInvoice } from './invoice-queries.ts';
import {
  draftToInvoiceForm,
  emptyInvoiceForm,
  invoiceResolver,
  splitInvoiceFields,
  type InvoiceFormInput,
} from './invoice-values.ts';
import { adminQueries } from './queries.ts';
import { navigate } from './route.ts';

function EditorPage({
  initial,
  draftId,
  initialClient,
  clientLabel,
  taxBasisPoints,
  onCreated,
}: {
  initial: InvoiceFormInput;
  /** The draft being changed; null until a new one is first saved. */
  draftId: string | null;
  initialClient: ClientChoice | null;
  /** The saved draft's client as the invoice names it (its business); null before the first save. */
  clientLabel: string | null;
  /** The saved draft's tax rate; null before the first save. */
  taxBasisPoints: number | null;
  onCreated?: (id: string) => void;
}) {
  const form = useForm<InvoiceFormInput, unknown, InvoiceBody>({ resolver: invoiceResolver, defaultValues: initial });
  const save = useSaveInvoice(draftId);
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [pending, setPending] = useState<'save' | 'issue' | null>(null);
  const [issuing, setIssuing] = useState<IssueTarget | null>(null);
  const [saved, setSaved] = useState({ client: clientLabel, tax: taxBasisPoints });
  const busy = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = draftId ? 'Edit invoice' : 'New invoice';
  const back = () => navigate('invoices');

  /** The server's refusal: its field messages under the fields, anything else in the alert. */
  const showFailure = (error: unknown) => {
    const { onFields, elsewhere } =
      error instanceof ApiError
        ? splitInvoiceFields(error.fields, form.getValues('items').length)
        : { onFields: [], elsewhere: [] };
    onFields.forEach(([field, message], index) =>
      form.setError(field as Path<InvoiceFormInput>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    if (onFields.length === 0 || elsewhere.length > 0) {
      setAlert(elsewhere.length > 0 ? elsewhere.join(' ') : messageOf(error, 'An error occurred'));
    }
  };

  /** Saves `body` (POST, then PUT); the draft's id, or null when it failed. */
  const persist = async (body: InvoiceBody): Promise<string | null> => {
    setAlert(null);
    try {
      const { id } = await save.mutateAsync(body);
      form.reset(form.getValues());
      setSavedAt(new Date().toISOString());
      if (draftId === null) {
        onCreated?.(id);
        navigate(`invoices/${encodeURIComponent(id)}`, 'replace');
      }
      return id;
    } catch (error) {
      showFailure(error);
      return null;
    }
  };

  const run = (intent: 'save' | 'issue') =>
    form.handleSubmit(async (body) => {
      // A second press while the first is on its way (a double click) sends nothing.
      if (busy.current) return;
      busy.current = true;
      setPending(intent);
      const id = await persist(body);
      if (id) {
        try {
          const draft = await queryClient.query({ ...invoiceQuery(id), staleTime: 0 });
          const name = clientNameOf(draft.client);
          setSaved({ client: name, tax: draft.taxBasisPoints });
          if (intent === 'save') toast({ title: 'Invoice saved', description: `The draft invoice for ${name}` });
          else setIssuing({ id, client: name, totalCents: draft.totalCents });
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
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to invoices
      </button>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
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
            <InvoiceFields form={form} initialClient={initialClient} />
            <EditorButtons
              savedAt={savedAt}
              pending={pending}
              onCancel={back}
              onIssue={run('issue')}
              remove={draftId && <DeleteInvoiceDraft id={draftId} client={saved.client ?? 'this client'} />}
            />
          </form>
        </div>
        <InvoiceTotalsPanel form={form} taxBasisPoints={saved.tax} />
      </div>
      <IssueInvoiceDialog
        target={issuing}
        open={issuing !== null}
        onOpenChange={(open) => !open && setIssuing(null)}
        onIssued={(id) => navigate(`invoice/${encodeURIComponent(id)}`, 'replace')}
      />
    </div>
  );
}

/** A new invoice for `clientId` (or whoever is chosen), once the client is known. */
function NewInvoice({
  clientId,
  createdId,
  onCreated,
}: {
  clientId: string | null;
  createdId: string | null;
  onCreated: (id: string) => void;
}) {
  const client = useQuery({ ...adminQueries.client(clientId ?? ''), enabled: Boolean(clientId) });
  // The tax rate in force (TAX_RATE_BASIS_POINTS), which the summary carries, for the live total.
  const summary = useFinanceSummary();
  const [initial] = useState(() => emptyInvoiceForm(clientId));
  if (clientId && client.isPending) return <Loading label="Loading the client..." />;
  if (summary.isPending) return <Loading label="Loading the tax rate..." />;
  const choice =
    clientId && client.data ? { id: client.data.id, name: client.data.name, company: client.data.company } : null;
  return (
    <EditorPage
      initial={initial}
      draftId={createdId}
      initialClient={choice}
      clientLabel={null}
      taxBasisPoints={summary.data?.taxBasisPoints ?? null}
      onCreated={onCreated}
    />
  );
}

/** Draft `id`'s editor, once loaded; an issued invoice's page instead. */
function EditDraft({ id }: { id: string }) {
  const draft = useInvoice(id);
  const issued = draft.data !== undefined && draft.data.status !== 'draft';
  useEffect(() => {
    if (issued) navigate(`invoice/${encodeURIComponent(id)}`, 'replace');
  }, [issued, id]);
  if (draft.isPending || issued) return <Loading />;
  if (!draft.data) return <MissingRecord what="Invoice" onBack={() => navigate('invoices')} />;
  const { client } = draft.data;
  const choice = client
    ? { id: client.id, name: client.name, company: client.business === client.name ? null : client.business }
    : null;
  return (
    <EditorPage
      initial={draftToInvoiceForm(draft.data)}
      draftId={id}
      initialClient={choice}
      clientLabel={clientNameOf(client)}
      taxBasisPoints={draft.data.taxBasisPoints}
    />
  );
}

/**
 * The editor of `id` (a draft), or of a new invoice (`id` null) for `clientId`. A new invoice
 * keeps its form once saved, while the address becomes '#invoices/{id}'.
 */
export function InvoiceEditor({ id, clientId }: { id: string | null; clientId: string | null }) {
  const [created, setCreated] = useState<{ id: string; key: string } | null>(null);
  const key = `new:${clientId ?? ''}`;
  if (id === null || id === created?.id) {
    return (
      <NewInvoice
        key={id === null ? key : created!.key}
        clientId={clientId}
        createdId={id}
        onCreated={(newId) => setCreated({ id: newId, key })}
      />
    );
  }
  return <EditDraft key={id} id={id} />;
}
