/**
 * The $99/month plan's button on /pricing (docs/product.md#pricing, docs/product.md#payments), an
 * island hydrated when the plan's card comes into view. Prebuilt, and until the server answers,
 * it is the page's own link to the contact form (`children`), so nothing changes without
 * JavaScript. Once GET /api/checkout/config says the plan is sold online (Stripe is set), the link
 * becomes `Start now — $99/month`, which opens the checkout dialog (plan-checkout-dialog.tsx,
 * loaded only then); otherwise, or when the answer fails, the link stays. Back from a paid
 * Checkout (`?plan=started`), the card says what happens next.
 */
import { ArrowRight } from 'lucide-react';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { PLAN_BILLING } from '../../shared/invoices.ts';
import { QueryIsland } from '../lib/query-island.tsx';
import { usePlanOnSale } from './queries.ts';

const loadDialog = () => import('./plan-checkout-dialog.tsx');
const PlanCheckoutDialog = lazy(loadDialog);

/** '$99/month'. */
const PLAN_PRICE = `$${PLAN_BILLING.monthlyCents / 100}/month`;

function PlanButton({ children }: { children: ReactNode }) {
  const onSale = usePlanOnSale();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so it closes as Radix closes it (focus back on the button).
  const [opened, setOpened] = useState(false);
  // On sale: the dialog's code comes now, so that the press opens it at once.
  useEffect(() => {
    if (onSale) void loadDialog();
  }, [onSale]);
  // A box of its own around the link: Astro's `client:visible` watches the island's first
  // elements, and a slot alone (display: contents) never comes into view.
  const started =
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('plan') === 'started';
  if (!onSale) return <div className="mt-8">{children}</div>;
  return (
    <div className="mt-8">
      {started && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-700/30"
        >
          Thank you: your plan has started. We are emailing you a link to set up your client portal, where your project
          and invoices are.
        </p>
      )}
      <button
        type="button"
        className="btn-primary w-full"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Start now — {PLAN_PRICE}
        <ArrowRight aria-hidden="true" className="size-4" />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <PlanCheckoutDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}

export default function PlanCheckout({ children }: { children?: ReactNode }) {
  return (
    <QueryIsland>
      <PlanButton>{children}</PlanButton>
    </QueryIsland>
  );
}
