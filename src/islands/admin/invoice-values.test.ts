import { describe, expect, it } from 'vitest';
import {
  draftToInvoiceForm,
  emptyInvoiceForm,
  invoiceResolver,
  previewItems,
  splitInvoiceFields,
  type InvoiceFormInput,
} from './invoice-values.ts';

const options = { fields: {}, shouldUseNativeValidation: false };

const form = (changes: Partial<InvoiceFormInput> = {}): InvoiceFormInput => ({
  ...emptyInvoiceForm('c-1'),
  items: [
    { description: ' Website care ', quantity: '2', unitPrice: '150' },
    { description: 'Domain renewal', quantity: '1', unitPrice: '19.99' },
  ],
  ...changes,
});

describe('the invoice editor’s values', () => {
  it('reads what was typed into the API’s body: cents, and none for an empty project, due date or notes', async () => {
    const result = await invoiceResolver(form(), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      clientId: 'c-1',
      projectId: null,
      items: [
        { description: 'Website care', quantity: 2, unitPriceCents: 15_000 },
        { description: 'Domain renewal', quantity: 1, unitPriceCents: 1_999 },
      ],
      dueDate: null,
      notes: null,
    });
    const dated = await invoiceResolver(
      form({ projectId: 'p-1', dueDate: '2026-12-31', notes: '  Thank you  ' }),
      undefined,
      options,
    );
    expect(dated.values).toMatchObject({ projectId: 'p-1', dueDate: '2026-12-31', notes: 'Thank you' });
  });

  it('says what is wrong with the API’s own messages', async () => {
    const result = await invoiceResolver(
      form({
        clientId: '',
        items: [{ description: '', quantity: '1.5', unitPrice: 'abc' }],
        dueDate: '31/12/2026',
      }),
      undefined,
      options,
    );
    const errors = result.errors as Record<string, unknown>;
    expect(Object.keys(errors).sort()).toEqual(['clientId', 'dueDate', 'items']);
    const line = (errors.items as Record<string, Record<string, { message: string }>>)[0]!;
    expect(line.description?.message).toBe('Description is required');
    expect(line.quantity?.message).toBe('Quantity must be a whole number');
    expect(line.unitPrice?.message).toBe('Enter a number');
    const none = await invoiceResolver(form({ items: [] }), undefined, options);
    expect((none.errors as Record<string, { message?: string }>).items?.message).toBe('Add at least one line item');
  });

  it('shows a draft in dollars and previews what cannot be read yet as 0', () => {
    expect(
      draftToInvoiceForm({
        clientId: 'c-1',
        projectId: null,
        items: [{ description: 'Care', quantity: 3, unitPriceCents: 9_950 }],
        dueDate: null,
        notes: null,
      }),
    ).toEqual({
      clientId: 'c-1',
      projectId: '',
      items: [{ description: 'Care', quantity: '3', unitPrice: '99.50' }],
      dueDate: '',
      notes: '',
    });
    expect(
      previewItems([
        { quantity: '2', unitPrice: '10.005' },
        { quantity: 'x', unitPrice: '' },
      ]),
    ).toEqual([
      { description: '', quantity: 2, unitPriceCents: 1_001 },
      { description: '', quantity: 0, unitPriceCents: 0 },
    ]);
  });

  it('puts the server’s field messages under the form’s fields, and the rest in the alert', () => {
    expect(
      splitInvoiceFields(
        { 'items.1.unitPriceCents': 'Too much', 'items.5.quantity': 'Far line', clientId: 'Gone', total: 'Odd' },
        2,
      ),
    ).toEqual({
      onFields: [
        ['items.1.unitPrice', 'Too much'],
        ['clientId', 'Gone'],
      ],
      elsewhere: ['Far line', 'Odd'],
    });
  });
});
