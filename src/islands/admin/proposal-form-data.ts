/**
 * What fills the proposal editor and what is made of its values (docs/product.md#proposals), kept
 * free of React so they are tested alone: a template's or a draft's content as the form's fields
 * (cents shown as dollars), a new proposal's starting values, a lenient reading of what is being
 * typed for the live preview, and the server's 422 field paths as the form's
 * (`items.2.unitPriceCents` → `items.2.unitPrice`).
 */
import { isValid, parseISO } from 'date-fns';
import type { ProposalItem } from '../../shared/proposals.ts';
import {
  centsToDollars,
  dayAfter,
  DEFAULT_VALID_DAYS,
  type LineInput,
  type ProposalContent,
  type ProposalFormInput,
} from './proposal-values.ts';

/** A blank line: one of something, no price yet. */
export const blankLine = (): LineInput => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  monthly: false,
  optional: false,
});

/** A ProposalItem (cents) → a line as the form shows it (dollars). */
function lineOf(line: ProposalItem): LineInput {
  return {
    description: line.description,
    quantity: String(line.quantity),
    unitPrice: centsToDollars(line.unitPriceCents),
    monthly: line.recurring === 'monthly',
    optional: line.optional,
  };
}

/** A template's or a proposal's content as the form's fields. */
export function contentToForm(content: ProposalContent): Omit<ProposalFormInput, 'clientId' | 'leadId' | 'validUntil'> {
  return {
    title: content.title,
    intro: content.intro,
    items: content.items.map(lineOf),
    discount: content.discountCents > 0 ? centsToDollars(content.discountCents) : '',
    depositPercent: String(content.depositPercent),
    extraTerms: content.extraTerms ?? '',
  };
}

/** A new proposal's fields for the client or lead it is for: one blank line, valid 30 days from `today`. */
export function emptyForm(recipient: { clientId?: string | null; leadId?: string | null }, today: Date) {
  return {
    clientId: recipient.leadId ? '' : (recipient.clientId ?? ''),
    leadId: recipient.leadId ?? '',
    title: '',
    intro: '',
    items: [blankLine()],
    discount: '',
    depositPercent: '50',
    validUntil: dayAfter(today, DEFAULT_VALID_DAYS),
    extraTerms: '',
  } satisfies ProposalFormInput;
}

/** A saved draft as the form's fields (a lead's proposal keeps its lead). */
export function draftToForm(
  draft: ProposalContent & { clientId: string | null; leadId: string | null; validUntil: string },
): ProposalFormInput {
  return {
    clientId: draft.leadId ? '' : (draft.clientId ?? ''),
    leadId: draft.leadId ?? '',
    ...contentToForm(draft),
    validUntil: draft.validUntil,
  };
}

/** Reads a typed number leniently for the preview: what cannot be read (or is not there) counts as 0. */
function leniently(text: string | undefined, scale = 1): number {
  const trimmed = (text ?? '').trim();
  const n = Number(trimmed);
  return trimmed !== '' && Number.isFinite(n) ? Math.max(0, Math.round(n * scale)) : 0;
}

/** A form's values while they are typed: any part may be missing for a moment. */
type TypedValues = Partial<Omit<ProposalFormInput, 'items'>> & { items?: Partial<LineInput>[] };

/**
 * What the live preview shows of `values` while they are typed: the content in cents, with every
 * number that cannot be read (yet) as 0, the deposit kept within 0 to 100 %, and '' for a
 * valid-until day that is not a day. A preview only: the saved proposal's totals are the server's.
 */
export function previewOf(values: TypedValues): ProposalContent & { validUntil: string } {
  const validUntil = values.validUntil ?? '';
  return {
    title: (values.title ?? '').trim(),
    intro: values.intro ?? '',
    items: (values.items ?? []).map((line) => ({
      description: (line.description ?? '').trim(),
      quantity: leniently(line.quantity),
      unitPriceCents: leniently(line.unitPrice, 100),
      recurring: line.monthly ? 'monthly' : null,
      optional: Boolean(line.optional),
    })),
    discountCents: leniently(values.discount, 100),
    depositPercent: Math.min(100, leniently(values.depositPercent)),
    extraTerms: values.extraTerms?.trim() ? values.extraTerms : null,
    validUntil: isValid(parseISO(validUntil)) ? validUntil : '',
  };
}

/** The line fields the form has, by the API's name of each. */
const LINE_FIELDS: Record<string, keyof LineInput> = {
  description: 'description',
  quantity: 'quantity',
  unitPriceCents: 'unitPrice',
  recurring: 'monthly',
  optional: 'optional',
};
const TOP_FIELDS: Record<string, keyof ProposalFormInput> = {
  clientId: 'clientId',
  leadId: 'leadId',
  title: 'title',
  intro: 'intro',
  items: 'items',
  discountCents: 'discount',
  depositPercent: 'depositPercent',
  validUntil: 'validUntil',
  extraTerms: 'extraTerms',
};

/**
 * The form's field for a path of the server's 422 `fields` ('items.2.unitPriceCents' →
 * 'items.2.unitPrice', 'discountCents' → 'discount'), or null for one the form has no field for
 * (a line beyond `lineCount`, the body as a whole).
 */
export function formPathOf(path: string, lineCount: number): string | null {
  const line = /^items\.(\d+)\.(\w+)$/.exec(path);
  if (line) {
    const index = Number(line[1]);
    const field = LINE_FIELDS[line[2]!];
    return field && index < lineCount ? `items.${index}.${field}` : null;
  }
  return TOP_FIELDS[path] ?? null;
}

/**
 * The server's field messages split into those for the form's fields ([form path, message]) and
 * the others, which the editor says in its alert.
 */
export function splitServerFields(fields: Record<string, string>, lineCount: number) {
  const onFields: [string, string][] = [];
  const elsewhere: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const field = formPathOf(path, lineCount);
    if (field) onFields.push([field, message]);
    else elsewhere.push(message);
  }
  return { onFields, elsewhere };
}
