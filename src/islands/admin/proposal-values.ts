/**
 * The proposal editor's values (docs/product.md#proposals), kept free of React so they are tested
 * alone: the form's strings (money typed in dollars), dollars ↔ cents, the form's schema that reads
 * them into the body of POST/PUT /api/admin/proposals (integer cents, × 100 rounded, like the
 * project form's budget) with the API's own messages, and the body of a template saved from the
 * form. What fills the form and what the preview and the server's messages make of it:
 * proposal-form-data.ts.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { addDays, differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';
import type { Resolver } from 'react-hook-form';
import { PROPOSAL_LIMITS, type ProposalItem } from '../../shared/proposals.ts';
import {
  proposalBodySchema,
  proposalItemSchema,
  proposalTemplateSchema,
  type ProposalBody,
  type ProposalTemplateValues,
} from '../../shared/schemas/proposals.ts';
import { z } from '../../shared/zod.ts';

/** One line of the editor, as typed. */
export interface LineInput {
  description: string;
  /** A whole number, as typed. */
  quantity: string;
  /** US dollars, as typed ('1200', '19.99'). */
  unitPrice: string;
  monthly: boolean;
  optional: boolean;
}

/** The editor's fields, as typed: `clientId` or `leadId` (the other empty) names the recipient. */
export interface ProposalFormInput {
  clientId: string;
  leadId: string;
  title: string;
  intro: string;
  items: LineInput[];
  /** US dollars, as typed; empty means none. */
  discount: string;
  depositPercent: string;
  /** 'YYYY-MM-DD'. */
  validUntil: string;
  extraTerms: string;
}

/** What a proposal and a template share, as the API carries them (cents). */
export interface ProposalContent {
  title: string;
  intro: string;
  items: ProposalItem[];
  discountCents: number;
  depositPercent: number;
  extraTerms: string | null;
}

/** How long a new proposal is valid unless a template says otherwise, in days. */
export const DEFAULT_VALID_DAYS = 30;

/** Dollars as typed → integer cents (× 100, rounded); null for an empty or unreadable text. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const dollars = Number(trimmed);
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : null;
}

/** Integer cents → dollars for a field: '2400' for 240000, '19.99' for 1999, '0.50' for 50. */
export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** `today` plus `days`, 'YYYY-MM-DD' in the browser's time zone. */
export function dayAfter(today: Date, days: number): string {
  return format(addDays(today, days), 'yyyy-MM-dd');
}

/**
 * A number field as typed: '' → null; anything else must read as a number ('Enter a number').
 * The invoice editor reads its lines with it too (invoice-values.ts).
 */
export const typedNumber = z
  .string()
  .trim()
  .refine((v) => v === '' || Number.isFinite(Number(v)), 'Enter a number')
  .transform((v) => (v === '' ? null : Number(v)));

const item = proposalItemSchema.shape;
const body = proposalBodySchema.shape;

/** One line as typed → a ProposalItem, each part checked by the API's own rule. */
const lineSchema = z
  .object({
    description: item.description,
    quantity: typedNumber.pipe(item.quantity),
    unitPrice: typedNumber.transform((v) => (v === null ? null : Math.round(v * 100))).pipe(item.unitPriceCents),
    monthly: z.boolean(),
    optional: z.boolean(),
  })
  .transform((line): ProposalItem => ({
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPrice,
    recurring: line.monthly ? 'monthly' : null,
    optional: line.optional,
  }));

/** The content fields as typed → the API's content (cents); an empty discount or deposit is 0. */
const contentShape = {
  title: body.title,
  intro: body.intro.unwrap(),
  items: z
    .array(lineSchema)
    .min(1, 'Add at least one line item')
    .max(PROPOSAL_LIMITS.items, `A proposal has at most ${PROPOSAL_LIMITS.items} line items`),
  discount: typedNumber.transform((v) => (v === null ? 0 : Math.round(v * 100))).pipe(body.discountCents.unwrap()),
  depositPercent: typedNumber.transform((v) => v ?? 0).pipe(body.depositPercent.unwrap()),
  // The API's own rule reads blank (or only spaces) as none: null.
  extraTerms: z
    .string()
    .transform((v): string | null | undefined => v)
    .pipe(body.extraTerms),
};

const DISCOUNT_TOO_BIG = 'The discount cannot be more than the one-off items';
const NO_RECIPIENT = 'Choose a client';

/** The one-off lines' sum in cents, every optional one included (what the discount may not pass). */
function oneOffSum(items: readonly ProposalItem[]): number {
  return items.reduce((sum, line) => (line.recurring ? sum : sum + line.quantity * line.unitPriceCents), 0);
}

type ParsedContent = z.output<z.ZodObject<typeof contentShape>>;

/** The discount rule of the API, said under the Discount field. */
function checkDiscount(value: ParsedContent, ctx: z.RefinementCtx) {
  if (value.discount > oneOffSum(value.items)) {
    ctx.addIssue({ code: 'custom', message: DISCOUNT_TOO_BIG, path: ['discount'] });
  }
}

/** ParsedContent → the API's content fields. */
const contentOf = ({ discount, ...rest }: ParsedContent): ProposalContent => ({ ...rest, discountCents: discount });

/**
 * The editor's schema: what was typed → the body of POST/PUT /api/admin/proposals. A lead's
 * proposal is sent with `leadId` only (the server finds the client of a converted lead), else
 * with `clientId`; 'Choose a client' when there is neither.
 */
export const proposalFormSchema = z
  .object({ clientId: z.string(), leadId: z.string(), ...contentShape, validUntil: body.validUntil })
  .refine((value) => Boolean(value.clientId || value.leadId), { message: NO_RECIPIENT, path: ['clientId'] })
  .superRefine(checkDiscount)
  .transform(({ clientId, leadId, validUntil, ...content }): ProposalBody => ({
    ...(leadId ? { leadId } : { clientId }),
    ...contentOf(content),
    validUntil,
  }));

/**
 * The editor's resolver: `proposalFormSchema`, and 'Choose a client' with the other messages at
 * once (zod checks the recipient, a rule across fields, only once every field reads well).
 */
export const proposalResolver: Resolver<ProposalFormInput, unknown, ProposalBody> = async (
  values,
  context,
  options,
) => {
  const result = await zodResolver(proposalFormSchema)(values, context, options);
  if (values.clientId || values.leadId || result.errors.clientId) return result;
  return { values: {}, errors: { ...result.errors, clientId: { type: 'custom', message: NO_RECIPIENT } } };
};

/** The editor's content fields, the ones a template keeps. */
export const CONTENT_FIELDS = ['title', 'intro', 'items', 'discount', 'depositPercent', 'extraTerms'] as const;

/** A template's body, or the messages of what keeps it from being one, by the form's field ('name' too). */
export type TemplateBodyResult =
  { success: true; data: ProposalTemplateValues } | { success: false; issues: { path: string; message: string }[] };

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/**
 * The body of POST /api/admin/proposal-templates for the form's `values` under `name`: its content
 * and how many days from `today` it is valid (1 to 365; 30 when the day cannot be read).
 */
export function templateBodyOf(values: ProposalFormInput, name: string, today: Date): TemplateBodyResult {
  const content = z.object(contentShape).superRefine(checkDiscount).transform(contentOf).safeParse(values);
  if (!content.success) return { success: false, issues: issuesOf(content.error) };
  const template = proposalTemplateSchema.safeParse({
    name,
    ...content.data,
    validDays: validDaysOf(values.validUntil, today),
  });
  return template.success ? template : { success: false, issues: issuesOf(template.error) };
}

/** Days from `today` to `validUntil`, within the API's 1 to 365; 30 for a day that cannot be read. */
export function validDaysOf(validUntil: string, today: Date): number {
  const day = parseISO(validUntil);
  if (!isValid(day)) return DEFAULT_VALID_DAYS;
  return Math.min(PROPOSAL_LIMITS.validDays, Math.max(1, differenceInCalendarDays(day, today)));
}
