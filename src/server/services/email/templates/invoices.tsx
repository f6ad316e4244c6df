/**
 * The emails of invoices, payments and plans (docs/product.md#invoices, docs/product.md#payments),
 * HTML and plain text through the shared layout. Each is a message with a heading, a greeting,
 * paragraphs, an optional quoted block (amounts, instructions) and a button with its address in
 * full:
 *
 * - `renderInvoiceIssued`: a new invoice (or a credit note) to pay in the portal;
 * - `renderInvoiceReminder`: 3 days before the due date, on it, and 7 days after;
 * - `renderPaymentReceipt`: a payment or a refund was recorded;
 * - `renderPlanPaymentFailed`: a plan's card payment failed: update the card;
 * - `renderPlanWelcome`: the plan was bought online: set up the portal;
 * - `renderBillingTeamNote`: the team hears of a cancellation request or a failed payment.
 */
import { Heading, Text } from '@react-email/components';
import { company } from '../../../../shared/company.ts';
import { EmailButton, EmailLink, FooterText, Layout, Quote, renderEmail, text } from './layout.tsx';
import type { RenderedEmail } from './types.ts';

/** What every billing email is made of. */
interface BillingEmailProps {
  subject: string;
  /** The person's name; null for the team. */
  name: string | null;
  lines: string[];
  quote?: string;
  link: string;
  button: string;
  footer: string;
}

function BillingEmail(props: BillingEmailProps) {
  return (
    <Layout title={props.subject} preview={props.lines[0]!} footer={<FooterText>{props.footer}</FooterText>}>
      <Heading as="h1" style={text.heading}>
        {props.subject}
      </Heading>
      {props.name && <Text style={text.body}>Hello {props.name},</Text>}
      {props.lines.map((line) => (
        <Text key={line} style={text.body}>
          {line}
        </Text>
      ))}
      {props.quote && <Quote value={props.quote} />}
      <EmailButton href={props.link} skipInText>
        {props.button}
      </EmailButton>
      <Text style={{ ...text.body, overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
        <EmailLink href={props.link}>{props.link}</EmailLink>
      </Text>
    </Layout>
  );
}

const render = (props: BillingEmailProps): Promise<RenderedEmail> =>
  renderEmail(props.subject, <BillingEmail {...props} />);

const CLIENT_FOOTER = `You receive this as a billing contact of your business at ${company.name}.`;
const TEAM_FOOTER = `You receive this as a member of the team at ${company.name}.`;

/** How a link in a client's email works: one sign-in within `hours`, or an invitation. */
const linkLine = (hours: number, invitation: boolean) =>
  invitation
    ? 'This link sets up your client portal first (a password or a passkey); the invoice opens right after.'
    : `This link signs you in once, within the next ${hours} hours; after that, sign in at the portal as usual.`;

/** What an invoice's email says of it: money already formatted ('$1,234.00'), days ('Dec 31, 2026'). */
export interface InvoiceEmailData {
  name: string;
  number: string;
  total: string;
  balance: string;
  dueDate: string;
  howToPay: string;
  link: string;
  hours: number;
  invitation: boolean;
}

/** A new invoice: subject `Invoice {number} from {company}`. */
export function renderInvoiceIssued(data: InvoiceEmailData): Promise<RenderedEmail> {
  return render({
    subject: `Invoice ${data.number} from ${company.name}`,
    name: data.name,
    lines: [
      `Invoice ${data.number} for ${data.total} is ready in your client portal. It is due on ${data.dueDate}.`,
      linkLine(data.hours, data.invitation),
    ],
    quote: `How to pay:\n${data.howToPay}`,
    link: data.link,
    button: 'View the invoice',
    footer: CLIENT_FOOTER,
  });
}

/** The reminders: before (`Invoice {n} is due on {day}`), on the day (`… is due today`), after (`… is overdue`). */
export function renderInvoiceReminder(
  data: InvoiceEmailData & { when: 'before' | 'due' | 'after' },
): Promise<RenderedEmail> {
  const subject =
    data.when === 'before'
      ? `Invoice ${data.number} is due on ${data.dueDate}`
      : data.when === 'due'
        ? `Invoice ${data.number} is due today`
        : `Invoice ${data.number} is overdue`;
  return render({
    subject,
    name: data.name,
    lines: [
      `${data.balance} of invoice ${data.number} from ${company.name} is still to pay; it ${data.when === 'after' ? 'was' : 'is'} due on ${data.dueDate}.`,
      linkLine(data.hours, data.invitation),
    ],
    quote: `How to pay:\n${data.howToPay}`,
    link: data.link,
    button: 'View the invoice',
    footer: `${CLIENT_FOOTER} If you have already paid, thank you: there is nothing more to do.`,
  });
}

/** A receipt: subject `Receipt for {number}: {amount} received` (or `Refund on {number}: {amount}`). */
export function renderPaymentReceipt(data: {
  name: string;
  number: string;
  amount: string;
  balance: string;
  receivedOn: string;
  method: string;
  refund: boolean;
  link: string;
}): Promise<RenderedEmail> {
  const subject = data.refund
    ? `Refund on ${data.number}: ${data.amount}`
    : `Receipt for ${data.number}: ${data.amount} received`;
  return render({
    subject,
    name: data.name,
    lines: [
      data.refund
        ? `We refunded ${data.amount} of invoice ${data.number} on ${data.receivedOn} (${data.method}).`
        : `Thank you: we received ${data.amount} for invoice ${data.number} on ${data.receivedOn} (${data.method}).`,
      `Balance now due on this invoice: ${data.balance}.`,
    ],
    link: data.link,
    button: 'Open your invoices',
    footer: CLIENT_FOOTER,
  });
}

/** A failed card payment of the plan: subject `Your payment to {company} failed`. */
export function renderPlanPaymentFailed(data: { name: string; amount: string; link: string }): Promise<RenderedEmail> {
  return render({
    subject: `Your payment to ${company.name} failed`,
    name: data.name,
    lines: [
      `Your card payment of ${data.amount} for your monthly website plan did not go through. Stripe will try again over the next days.`,
      'Please update your card in the client portal so that your site and hosting keep running without interruption.',
    ],
    link: data.link,
    button: 'Update your card',
    footer: CLIENT_FOOTER,
  });
}

/** The plan bought online: subject `Welcome to {company}: set up your client portal`. */
export function renderPlanWelcome(data: {
  name: string;
  commitmentEndsOn: string;
  link: string;
}): Promise<RenderedEmail> {
  return render({
    subject: `Welcome to ${company.name}: set up your client portal`,
    name: data.name,
    lines: [
      'Thank you for starting the $99/month website plan. Your project "One-page website" is open in your client portal, where you will follow it and find your monthly invoices.',
      `The plan runs for at least 12 months, until ${data.commitmentEndsOn}, then month to month; cancelling takes 30 days' notice.`,
      'Open this link to set your password (or a passkey). It works once.',
    ],
    link: data.link,
    button: 'Set up your portal',
    footer: CLIENT_FOOTER,
  });
}

/** A note to the team (a cancellation request, a failed payment): subject as given. */
export function renderBillingTeamNote(data: {
  subject: string;
  lines: string[];
  link: string;
}): Promise<RenderedEmail> {
  return render({ ...data, name: null, button: 'Open the dashboard', footer: TEAM_FOOTER });
}
