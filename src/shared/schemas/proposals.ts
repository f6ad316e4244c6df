/**
 * Proposals' request bodies and forms (docs/product.md#proposals, docs/product.md#validation),
 * with their messages: the staff editor (`proposalBodySchema`, also the body of
 * POST/PUT /api/admin/proposals), templates, and the client's accept and decline. Money is
 * integer US cents; a quantity is a whole number (src/shared/proposals.ts).
 */
import { z } from '../zod.ts';
import { PROPOSAL_LIMITS, proposalTotals, RECURRENCES } from '../proposals.ts';
import { requiredText } from './fields.ts';

const L = PROPOSAL_LIMITS;
const count = (n: number) => n.toLocaleString('en-US');

/** One line item. */
export const proposalItemSchema = z.object({
  description: requiredText('Description', L.descriptionLength),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(L.quantity, `Quantity must be at most ${count(L.quantity)}`),
  unitPriceCents: z
    .number({ error: 'Price must be a number' })
    .int('Price must be a whole number of cents')
    .min(0, 'Price cannot be negative')
    .max(L.unitPriceCents, 'Price must be at most $1,000,000'),
  recurring: z.enum(RECURRENCES, { error: 'Use null for one-off or "monthly"' }).nullable().default(null),
  optional: z.boolean({ error: 'Use true or false' }).default(false),
});

const optionalMarkdown = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${count(max)} characters`)
    .nullish()
    .transform((v) => (v?.trim() ? v : null));

/** The fields a proposal and a template share. */
const contentFields = {
  title: requiredText('Title', L.titleLength),
  intro: z
    .string({ error: 'Introduction must be text' })
    .max(L.introLength, `Introduction must be at most ${count(L.introLength)} characters`)
    .default(''),
  items: z
    .array(proposalItemSchema, { error: 'Add at least one line item' })
    .min(1, 'Add at least one line item')
    .max(L.items, `A proposal has at most ${L.items} line items`),
  discountCents: z
    .number({ error: 'Discount must be a number' })
    .int('Discount must be a whole number of cents')
    .min(0, 'Discount cannot be negative')
    .max(L.unitPriceCents * L.quantity, 'Discount is too large')
    .default(0),
  depositPercent: z
    .number({ error: 'Deposit must be a number' })
    .int('Deposit must be a whole percentage')
    .min(0, 'Deposit must be 0% or more')
    .max(100, 'Deposit must be 100% or less')
    .default(0),
  extraTerms: optionalMarkdown('Additional terms', L.extraTermsLength),
};

/** The discount never exceeds what the one-off items of the proposal add up to. */
function discountFits(value: { items: z.output<typeof proposalItemSchema>[]; discountCents: number }) {
  const all = value.items.map((_, index) => index);
  const { oneOffSubtotalCents } = proposalTotals({ ...value, depositPercent: 0 }, all);
  return value.discountCents <= oneOffSubtotalCents;
}
const DISCOUNT_TOO_BIG = { message: 'The discount cannot be more than the one-off items', path: ['discountCents'] };

/**
 * A proposal as staff write it: for a client (`clientId`) or a lead (`leadId`), exactly one; the
 * valid-until day is checked against today by the server (it must be today or later, within a year).
 */
export const proposalBodySchema = z
  .object({
    clientId: z.string().min(1).max(100).nullish(),
    leadId: z.string().min(1).max(100).nullish(),
    ...contentFields,
    validUntil: z.iso.date('Use a date like 2026-12-31'),
  })
  .refine((v) => Boolean(v.clientId) !== Boolean(v.leadId), {
    message: 'Choose a client or a lead',
    path: ['clientId'],
  })
  .refine(discountFits, DISCOUNT_TOO_BIG);
export type ProposalBody = z.input<typeof proposalBodySchema>;
export type ProposalValues = z.output<typeof proposalBodySchema>;

/** A template saved from the editor: a name and the proposal's content. */
export const proposalTemplateSchema = z
  .object({
    name: requiredText('Template name', 100),
    ...contentFields,
    validDays: z
      .number({ error: 'Days must be a number' })
      .int('Days must be a whole number')
      .min(1, 'At least 1 day')
      .max(L.validDays, `At most ${L.validDays} days`)
      .default(30),
  })
  .refine(discountFits, DISCOUNT_TOO_BIG);
export type ProposalTemplateValues = z.output<typeof proposalTemplateSchema>;

/** `?optionalItems=0,2`: the optional items whose totals the client's page asks for. */
export const optionalItemsQuery = z.object({
  optionalItems: z
    .string()
    .max(400)
    .regex(/^(\d{1,3}(,\d{1,3})*)?$/, 'Use positions like 0,2')
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map(Number))].sort((a, b) => a - b) : [])),
});

/** The client's signature (POST /api/client/proposals/{id}/accept). */
export const acceptProposalSchema = z.object({
  signerName: requiredText('Your full name', L.signerNameLength),
  consent: z.literal(true, { error: 'Please agree to sign electronically' }),
  documentHash: z
    .string({ error: 'The document hash is missing' })
    .regex(/^[0-9a-f]{64}$/, 'The document hash is not a SHA-256'),
  optionalItems: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(L.items - 1),
      { error: 'Use a list of item positions' },
    )
    .max(L.items)
    .default([]),
  signatureSvg: z
    .string()
    .max(L.signatureBytes, 'The drawn signature is too large: clear it and draw it again')
    .nullish(),
});
export type AcceptProposalValues = z.output<typeof acceptProposalSchema>;

/** The client's refusal (POST /api/client/proposals/{id}/decline). */
export const declineProposalSchema = z.object({
  reason: requiredText('A reason', L.declineReasonLength),
});
