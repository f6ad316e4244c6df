/**
 * The plan's checkout dialog on /pricing (docs/product.md#payments): the buyer's name, email and
 * company (planCheckoutSchema, the server's own messages), and, before paying, what is being
 * bought: "12-month commitment: $99 a month for at least 12 months, then month to month; 30 days'
 * notice to cancel", with a link to the Terms of Service. `Continue to payment` sends them (POST
 * /api/checkout/plan, one at a time) and goes to the Stripe Checkout page the server answers; a
 * field the server refused is said under it, any other refusal in an alert in the dialog.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PLAN_BILLING } from '../../shared/invoices.ts';
import { planCheckoutSchema, type PlanCheckoutValues } from '../../shared/schemas/invoices.ts';
import type { z } from '../../shared/zod.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { Field } from '../ui/form.tsx';
import { usePlanCheckout } from './mutations.ts';

type FormValues = z.input<typeof planCheckoutSchema>;
const FIELDS = ['name', 'email', 'company'] as const;
const price = `$${PLAN_BILLING.monthlyCents / 100}`;

function CheckoutForm() {
  const checkout = usePlanCheckout();
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, PlanCheckoutValues>({
    resolver: zodResolver(planCheckoutSchema),
    defaultValues: { name: '', email: '', company: '' },
  });

  const pay = async (values: PlanCheckoutValues) => {
    // A second press while the first is on its way, or once the page is leaving, sends nothing.
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFailure(null);
    try {
      const { url } = await checkout.mutateAsync(values);
      window.location.assign(url);
    } catch (error) {
      busy.current = false;
      setPending(false);
      const onFields = error instanceof ApiError ? FIELDS.filter((field) => error.fields[field]) : [];
      for (const field of onFields) setError(field, { type: 'server', message: (error as ApiError).fields[field] });
      if (onFields.length === 0) setFailure(messageOf(error, 'Please try again later, or call us.'));
    }
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(pay)} aria-label="Start the plan" className="grid gap-4">
      <Field label="Your name" error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="name" className="field-input" {...register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <input {...control} type="email" autoComplete="email" className="field-input" {...register('email')} />
        )}
      </Field>
      <Field label="Company" error={errors.company?.message}>
        {(control) => (
          <input {...control} autoComplete="organization" className="field-input" {...register('company')} />
        )}
      </Field>
      <p className="rounded-xl bg-slate-50 p-4 text-ink-900 ring-1 ring-ink-700/10">
        <strong>{PLAN_BILLING.commitmentMonths}-month commitment:</strong> {price} a month for at least{' '}
        {PLAN_BILLING.commitmentMonths} months, then month to month; {PLAN_BILLING.noticeDays} days&rsquo; notice to
        cancel (
        <a href="/terms-of-service" className="font-semibold text-brand-700 underline hover:no-underline">
          Terms of Service
        </a>
        ).
      </p>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700">
          The payment page could not be opened. {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn-primary w-full aria-disabled:opacity-60"
        aria-disabled={pending || undefined}
      >
        {pending ? (
          <>
            <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Opening the secure payment page...
          </>
        ) : (
          <>
            <CreditCard aria-hidden="true" className="size-4" /> Continue to payment
          </>
        )}
      </button>
      <p className="text-center text-sm text-ink-700">You pay on Stripe&rsquo;s secure page.</p>
    </form>
  );
}

export default function PlanCheckoutDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Start the ${price}/month plan`}
        description="Your website, hosting, domain, email addresses, SEO and unlimited revisions, for one monthly price."
        size="md"
      >
        <CheckoutForm />
      </DialogContent>
    </Dialog>
  );
}
