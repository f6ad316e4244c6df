import { describe, expect, it } from 'vitest';
import {
  blankLine,
  contentToForm,
  draftToForm,
  emptyForm,
  formPathOf,
  previewOf,
  splitServerFields,
} from './proposal-form-data.ts';
import {
  centsToDollars,
  dollarsToCents,
  proposalFormSchema,
  proposalResolver,
  templateBodyOf,
  validDaysOf,
  type ProposalFormInput,
} from './proposal-values.ts';

const today = new Date(2026, 10, 3, 15, 30);

const form = (changes: Partial<ProposalFormInput> = {}): ProposalFormInput => ({
  ...emptyForm({ clientId: 'c-1' }, today),
  title: 'Bakery website',
  items: [
    { description: 'Design and build', quantity: '1', unitPrice: '2400', monthly: false, optional: false },
    { description: 'Care plan', quantity: '1', unitPrice: '99', monthly: true, optional: true },
  ],
  ...changes,
});

/** The issues of a failed parse, by the form's field path. */
function issuesOf(values: ProposalFormInput): Record<string, string> {
  const result = proposalFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('dollars and cents in the proposal editor', () => {
  it('reads typed dollars as integer cents, rounded', () => {
    expect(dollarsToCents('2400')).toBe(240000);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(' 0.125 ')).toBe(13);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('twelve')).toBeNull();
  });

  it('shows stored cents as dollars, with cents only when there are some', () => {
    expect(centsToDollars(240000)).toBe('2400');
    expect(centsToDollars(1999)).toBe('19.99');
    expect(centsToDollars(50)).toBe('0.50');
    expect(centsToDollars(0)).toBe('0');
  });

  it('goes there and back without losing a cent', () => {
    for (const cents of [1, 99, 1999, 123456, 100_000_000]) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });
});

describe('the body the editor sends', () => {
  it('turns what was typed into the API body, money in cents', () => {
    const result = proposalFormSchema.parse(
      form({ discount: '100.5', depositPercent: '40', extraTerms: '', intro: 'Hello' }),
    );
    expect(result).toEqual({
      clientId: 'c-1',
      title: 'Bakery website',
      intro: 'Hello',
      items: [
        { description: 'Design and build', quantity: 1, unitPriceCents: 240000, recurring: null, optional: false },
        { description: 'Care plan', quantity: 1, unitPriceCents: 9900, recurring: 'monthly', optional: true },
      ],
      discountCents: 10050,
      depositPercent: 40,
      extraTerms: null,
      validUntil: '2026-12-03',
    });
  });

  it('sends a lead proposal with the lead only', () => {
    const result = proposalFormSchema.parse(form({ clientId: '', leadId: 'l-1' }));
    expect(result).toMatchObject({ leadId: 'l-1' });
    expect(result).not.toHaveProperty('clientId');
  });

  it('takes an empty discount and deposit as 0 and keeps additional terms', () => {
    const result = proposalFormSchema.parse(form({ discount: '', depositPercent: '', extraTerms: 'Net 15.' }));
    expect(result).toMatchObject({ discountCents: 0, depositPercent: 0, extraTerms: 'Net 15.' });
  });

  it('says what is wrong under the field that was typed, with the API messages', () => {
    expect(
      issuesOf(
        form({
          clientId: '',
          title: ' ',
          items: [
            { description: 'Build', quantity: '1.5', unitPrice: 'abc', monthly: false, optional: false },
            { description: '', quantity: '', unitPrice: '-1', monthly: false, optional: false },
          ],
          depositPercent: '120',
        }),
      ),
    ).toEqual({
      title: 'Title is required',
      'items.0.quantity': 'Quantity must be a whole number',
      'items.0.unitPrice': 'Enter a number',
      'items.1.description': 'Description is required',
      'items.1.quantity': 'Quantity must be a number',
      'items.1.unitPrice': 'Price cannot be negative',
      depositPercent: 'Deposit must be 100% or less',
    });
    expect(issuesOf(form({ clientId: '' }))).toEqual({ clientId: 'Choose a client' });
    expect(issuesOf(form({ items: [] }))).toEqual({ items: 'Add at least one line item' });
  });

  it('asks for a client along with every other message', async () => {
    const values = form({ clientId: '', title: '' });
    const result = await proposalResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v?.message]))).toEqual({
      title: 'Title is required',
      clientId: 'Choose a client',
    });
    const fine = await proposalResolver(form(), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(fine.errors).toEqual({});
    expect(fine.values).toMatchObject({ clientId: 'c-1', title: 'Bakery website' });
  });

  it('refuses a discount larger than the one-off lines, under Discount', () => {
    expect(issuesOf(form({ discount: '2400.01' }))).toEqual({
      discount: 'The discount cannot be more than the one-off items',
    });
    expect(issuesOf(form({ discount: '2400' }))).toEqual({});
  });
});

describe('the server’s field paths on the form', () => {
  it('maps the API names to the form’s fields', () => {
    expect(formPathOf('items.2.unitPriceCents', 3)).toBe('items.2.unitPrice');
    expect(formPathOf('items.0.recurring', 1)).toBe('items.0.monthly');
    expect(formPathOf('items.0.description', 1)).toBe('items.0.description');
    expect(formPathOf('discountCents', 1)).toBe('discount');
    expect(formPathOf('validUntil', 1)).toBe('validUntil');
    expect(formPathOf('leadId', 1)).toBe('leadId');
    expect(formPathOf('items', 1)).toBe('items');
  });

  it('leaves out what the form has no field for', () => {
    expect(formPathOf('items.5.quantity', 3)).toBeNull();
    expect(formPathOf('_', 3)).toBeNull();
    expect(formPathOf('documentHash', 3)).toBeNull();
    expect(
      splitServerFields({ validUntil: 'The valid-until date must be today or later', _: 'Something else' }, 1),
    ).toEqual({
      onFields: [['validUntil', 'The valid-until date must be today or later']],
      elsewhere: ['Something else'],
    });
  });
});

describe('the form’s starting values', () => {
  it('starts a new proposal valid 30 days, with one blank line', () => {
    expect(emptyForm({ leadId: 'l-1', clientId: 'c-1' }, today)).toMatchObject({
      clientId: '',
      leadId: 'l-1',
      items: [blankLine()],
      validUntil: '2026-12-03',
    });
  });

  it('shows a template or a draft in dollars', () => {
    const content = {
      title: 'Starter website',
      intro: '## Starter',
      items: [{ description: 'Site', quantity: 2, unitPriceCents: 125050, recurring: null, optional: false }],
      discountCents: 0,
      depositPercent: 50,
      extraTerms: null,
    };
    expect(contentToForm(content)).toEqual({
      title: 'Starter website',
      intro: '## Starter',
      items: [{ description: 'Site', quantity: '2', unitPrice: '1250.50', monthly: false, optional: false }],
      discount: '',
      depositPercent: '50',
      extraTerms: '',
    });
    expect(
      draftToForm({ ...content, clientId: 'c-1', leadId: 'l-1', validUntil: '2026-12-01', discountCents: 5000 }),
    ).toMatchObject({ clientId: '', leadId: 'l-1', discount: '50', validUntil: '2026-12-01' });
  });
});

describe('the live preview', () => {
  it('reads what cannot be read yet as 0', () => {
    const preview = previewOf(
      form({
        items: [{ description: ' Build ', quantity: '', unitPrice: '12.345', monthly: false, optional: false }],
        discount: 'x',
        depositPercent: '250',
      }),
    );
    expect(preview.items).toEqual([
      { description: 'Build', quantity: 0, unitPriceCents: 1235, recurring: null, optional: false },
    ]);
    expect(preview).toMatchObject({ discountCents: 0, depositPercent: 100, extraTerms: null });
  });
});

describe('a template saved from the form', () => {
  it('keeps the content and how many days it is valid', () => {
    const result = templateBodyOf(form({ validUntil: '2026-11-17' }), 'Bakery', today);
    expect(result.success && result.data).toMatchObject({
      name: 'Bakery',
      title: 'Bakery website',
      validDays: 14,
      items: [{ unitPriceCents: 240000 }, { unitPriceCents: 9900, recurring: 'monthly' }],
    });
  });

  it('says which field of the proposal keeps it from being a template', () => {
    const result = templateBodyOf(form({ title: '' }), 'Bakery', today);
    expect(result.success ? [] : result.issues).toEqual([{ path: 'title', message: 'Title is required' }]);
  });

  it('needs a name', () => {
    const result = templateBodyOf(form(), ' ', today);
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.issues).toEqual([{ path: 'name', message: 'Template name is required' }]);
  });

  it('keeps the valid days within a year', () => {
    expect(validDaysOf('2026-11-03', today)).toBe(1);
    expect(validDaysOf('2028-01-01', today)).toBe(365);
    expect(validDaysOf('', today)).toBe(30);
  });
});
