/**
 * `Record payment` on an unpaid invoice (docs/product.md#payments): a dialog with `Amount (USD)`
 * (dollars; sent in integer cents), `Method`, `Received on` (today unless changed), `Reference
 * (optional)` and, once the amount is more than the balance, `Record the rest as the client's
 * credit`. The server's field messages (a 422: the amount is more than the balance) go under their
 * fields, anything else (the invoice was paid or voided meanwhile) in an alert; the dialog then
 * stays open. One press at a time (save-button.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Banknote } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../shared/invoices.ts';
import { formatCents } from '../../shared/proposals.ts';
import { paymentBodySchema } from '../../shared/schemas/invoices.ts';
import { z } from '../../shared/zod.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Field } from '../ui/form.tsx';
import { useRecordPayment, type PaymentBody } from './invoice-mutations.ts';
import type { AdminInvoiceDetail } from './invoice-queries.ts';
import { dayAfter, dollarsToCents, typedNumber } from './proposal-values.ts';
import { SaveButton } from './save-button.tsx';

/** The form's fields, as typed. */
interface PaymentInput {
  amount: string;
  method: PaymentMethod;
  receivedOn: string;
  reference: string;
  asCredit: boolean;
}

const shape = paymentBodySchema.shape;
const paymentFormSchema = z.object({
  amount: typedNumber.transform((v) => (v === null ? null : Math.round(v * 100))).pipe(shape.amountCents),
  method: shape.method,
  receivedOn: shape.receivedOn,
  reference: z
    .string()
    .transform((v): string | undefined => v)
    .pipe(shape.reference),
  asCredit: z.boolean(),
});
type PaymentParsed = z.output<typeof paymentFormSchema>;

/** The server's names of the fields, as the form's. */
const FORM_FIELDS: Record<string, Path<PaymentInput>> = {
  amountCents: 'amount',
  method: 'method',
  receivedOn: 'receivedOn',
  reference: 'reference',
  asCredit: 'asCredit',
};

function PaymentForm({ invoice, onDone }: { invoice: AdminInvoiceDetail; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<PaymentInput, unknown, PaymentParsed>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: {
      amount: '',
      method: 'bank_transfer',
      receivedOn: dayAfter(new Date(), 0),
      reference: '',
      asCredit: false,
    },
  });
  const record = useRecordPayment(invoice.id);
  const [alert, setAlert] = useState<string | null>(null);
  const busy = useRef(false);
  const typed = dollarsToCents(useWatch({ control, name: 'amount' }) ?? '');
  const over = typed !== null && typed > invoice.balanceCents;

  const onSubmit = async (values: PaymentParsed) => {
    // A second press while the first is on its way (a double click) sends nothing.
    if (busy.current) return;
    busy.current = true;
    setAlert(null);
    const body: PaymentBody = {
      amountCents: values.amount,
      method: values.method,
      receivedOn: values.receivedOn,
      ...(values.reference ? { reference: values.reference } : {}),
      asCredit: over && values.asCredit,
    };
    try {
      const { invoice: after } = await record.mutateAsync(body);
      toast({
        title: 'Payment recorded',
        description: `${formatCents(body.amountCents)} on ${invoice.number ?? 'the invoice'}; ${formatCents(after.balanceCents)} left to pay.`,
      });
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      const shown = fields.filter(([field]) => FORM_FIELDS[field]);
      shown.forEach(([field, message], index) =>
        setError(FORM_FIELDS[field]!, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      if (shown.length === 0) setAlert(messageOf(error, 'The payment could not be recorded. Please try again.'));
    } finally {
      busy.current = false;
    }
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      {alert && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700 sm:col-span-2">
          {alert}
        </p>
      )}
      <Field label="Amount (USD)" error={errors.amount?.message} hint={`Balance: ${formatCents(invoice.balanceCents)}`}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            className="field-input"
            {...register('amount')}
          />
        )}
      </Field>
      <Field label="Method" error={errors.method?.message}>
        {(control) => (
          <select {...control} className="field-input" {...register('method')}>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Received on" error={errors.receivedOn?.message}>
        {(control) => <input {...control} type="date" className="field-input" {...register('receivedOn')} />}
      </Field>
      <Field
        label="Reference (optional)"
        error={errors.reference?.message}
        hint="A check number, a transfer's reference."
      >
        {(control) => <input {...control} maxLength={200} className="field-input" {...register('reference')} />}
      </Field>
      {over && (
        <div className="sm:col-span-2">
          <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-ink-900">
            <input type="checkbox" className="size-4 shrink-0 accent-brand-700" {...register('asCredit')} />
            Record the rest as the client&apos;s credit
          </label>
          <p className="text-sm text-ink-700">
            This is {formatCents(typed - invoice.balanceCents)} more than the balance; without this box it is refused.
          </p>
        </div>
      )}
      <div className="flex justify-end sm:col-span-2">
        <SaveButton pending={record.isPending} icon={<Banknote aria-hidden="true" className="size-4" />}>
          Record payment
        </SaveButton>
      </div>
    </form>
  );
}

/** The trigger and its dialog; see the module comment. */
export function PaymentDialog({ invoice }: { invoice: AdminInvoiceDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button type="button" className="btn-primary">
          <Banknote aria-hidden="true" className="size-4" /> Record payment
        </button>
      </DialogTrigger>
      <DialogContent
        title="Record a payment"
        description={`On ${invoice.number ?? 'the invoice'}: ${formatCents(invoice.balanceCents)} left to pay.`}
        size="md"
      >
        <PaymentForm invoice={invoice} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
