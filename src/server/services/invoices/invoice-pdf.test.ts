import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type InvoicePdfInput, type InvoicePdfLine, renderInvoicePdf } from './invoice-pdf.ts';

const LONG_DESCRIPTION =
  'Visual design of the home page and four inner pages, with two rounds of revisions on each page, a style guide ' +
  '(colours, type, buttons and forms) and a clickable prototype you can review on your phone before anything is built.';

const LINES: InvoicePdfLine[] = [
  { description: 'Discovery workshop and site map', quantity: 1, unitPriceCents: 45_000, amountCents: 45_000 },
  { description: LONG_DESCRIPTION, quantity: 1, unitPriceCents: 123_450, amountCents: 123_450 },
  { description: 'Front-end development', quantity: 5, unitPriceCents: 40_000, amountCents: 200_000 },
  { description: 'Content migration (per page)', quantity: 12, unitPriceCents: 2_500, amountCents: 30_000 },
  { description: 'Photo shoot for Café Łódź', quantity: 1.5, unitPriceCents: 15_000, amountCents: 22_500 },
];

/** A realistic invoice: five lines ($4,209.50), 6.25 % tax, $1,000.00 paid. */
function invoice(overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
  return {
    kind: 'invoice',
    number: 'INV-2026-0001',
    issuedOn: '2026-01-05',
    dueDate: '2026-02-04',
    client: {
      name: 'Zoë Nguyễn',
      company: 'Café Łódź & Sons LLC',
      email: 'zoe@cafelodz.example',
      address: '12 Market Street\nDover, DE 19901',
    },
    items: LINES,
    subtotalCents: 420_950,
    taxBasisPoints: 625,
    taxCents: 26_309,
    totalCents: 447_259,
    paidCents: 100_000,
    balanceCents: 347_259,
    statusLabel: 'Partially paid',
    notes: 'Thank you for your business.\nThe rest is due on launch.',
    howToPay: 'Pay online: https://firststatewebstudio.com/portal/invoices/INV-2026-0001',
    creditFor: null,
    ...overrides,
  };
}

/** Text without its white space, as agreement-pdf.test.ts compares what a page draws. */
function squash(text: string | readonly string[]): string {
  return (typeof text === 'string' ? text : text.join('')).replace(/\s+/g, '');
}

describe('renderInvoicePdf', () => {
  it('prints the agency, the client, every line, the totals, the notes and how to pay', async () => {
    const pdf = await renderInvoicePdf(invoice());
    const { pages, info } = parsePdf(pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages).toHaveLength(1);
    const text = squash(pages[0]!);
    for (const expected of [
      'First State Web Studio LLC',
      '1000 N West Street, Suite 1200',
      'Wilmington, DE 19801',
      'hello@firststatewebstudio.com · (302) 555-0147',
      'Invoice',
      'INV-2026-0001',
      'Bill to',
      'Zoë Nguyễn',
      'Café Łódź & Sons LLC',
      '12 Market Street',
      'Dover, DE 19901',
      'zoe@cafelodz.example',
      'IssuedJan 5, 2026',
      'DueFeb 4, 2026',
      'StatusPartially paid',
      'Description Qty Unit price Amount',
      'Discovery workshop and site map 1 $450.00 $450.00',
      `${LONG_DESCRIPTION} 1 $1,234.50 $1,234.50`,
      'Front-end development 5 $400.00 $2,000.00',
      'Content migration (per page) 12 $25.00 $300.00',
      'Photo shoot for Café Łódź 1.5 $150.00 $225.00',
      'Subtotal $4,209.50',
      'Tax (6.25%) $263.09',
      'Total $4,472.59',
      'Paid $1,000.00',
      'Balance due $3,472.59',
      'Notes Thank you for your business. The rest is due on launch.',
      'How to pay Pay online: https://firststatewebstudio.com/portal/invoices/INV-2026-0001',
      'Invoice INV-2026-0001 · Page 1 of 1',
    ]) {
      expect(text).toContain(squash(expected));
    }
    expect(text).not.toContain('Credits');
    expect(info).toMatchObject({
      Title: 'Invoice INV-2026-0001',
      Author: 'First State Web Studio LLC',
      CreationDate: 'D:20260105120000Z',
    });
  });

  it('prints a tax line only when there is a rate, as a percentage of the basis points', async () => {
    const untaxed = squash((await text(invoice({ taxBasisPoints: 0, taxCents: 0, totalCents: 420_950 }))).flat());
    expect(untaxed).not.toContain('Tax');
    expect(untaxed).toContain(squash('Subtotal $4,209.50 Total $4,209.50'));
    const eight = squash((await text(invoice({ taxBasisPoints: 800, taxCents: 33_676 }))).flat());
    expect(eight).toContain(squash('Tax (8%) $336.76'));
  });

  it('prints a credit note with the invoice it credits and no due day', async () => {
    const pages = await text(
      invoice({
        kind: 'credit_note',
        number: 'CN-2026-0001',
        dueDate: null,
        creditFor: 'INV-2026-0001',
        statusLabel: 'Issued',
        howToPay: null,
      }),
    );
    const all = squash(pages.flat());
    expect(all).toContain(squash('Credit note CN-2026-0001'));
    expect(all).toContain(squash('Credits invoice INV-2026-0001'));
    expect(all).toContain(squash('Credit note CN-2026-0001 · Page 1 of 1'));
    expect(all).not.toContain(squash('Due'));
    expect(all).not.toContain(squash('How to pay'));
  });

  it('flows 120 lines onto further pages, the table header repeated, every footer numbered', async () => {
    const items = Array.from({ length: 120 }, (_, index) => ({
      ...LINES[index % LINES.length]!,
      description: `Line ${index + 1}: ${index % 10 === 0 ? LONG_DESCRIPTION : 'a piece of work'}`,
    }));
    const pages = (await text(invoice({ items }))).map(squash);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]).toContain(squash('Page 2 of'));
    pages.forEach((page, index) => {
      expect(page).toContain(squash(`Invoice INV-2026-0001 · Page ${index + 1} of ${pages.length}`));
      if (/Line\d+:/.test(page)) expect(page).toContain(squash('Description Qty Unit price Amount'));
    });
    const all = pages.join('');
    for (let n = 1; n <= 120; n++) expect(all).toContain(squash(`Line ${n}: `));
    expect(all).toContain(squash('Balance due $3,472.59'));
  });

  it('gives the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(invoice()), renderInvoicePdf(invoice())]);
    expect(a.equals(b)).toBe(true);
  });

  it('rejects a negative or fractional amount, a bad quantity and a day that is not one', async () => {
    const line = LINES[0]!;
    for (const bad of [
      invoice({ totalCents: -1 }),
      invoice({ paidCents: 10.5 }),
      invoice({ balanceCents: Number.NaN }),
      invoice({ taxBasisPoints: 6.25 }),
      invoice({ items: [{ ...line, amountCents: -45_000 }] }),
      invoice({ items: [{ ...line, unitPriceCents: 0.1 }] }),
      invoice({ items: [{ ...line, quantity: Number.POSITIVE_INFINITY }] }),
      invoice({ issuedOn: '2026-02-30' }),
      invoice({ issuedOn: '2026-1-5' }),
      invoice({ issuedOn: '2026-01-05T00:00:00Z' }),
      invoice({ dueDate: 'soon' }),
    ]) {
      await expect(renderInvoicePdf(bad)).rejects.toThrow(RangeError);
    }
  });
});

/** Each page's text operators' strings, decoded, in drawing order. */
async function text(input: InvoicePdfInput): Promise<string[][]> {
  return parsePdf(await renderInvoicePdf(input)).pages;
}

// A small reader of the PDFs pdfkit writes, after agreement-pdf.test.ts's: the classic xref table,
// Flate streams, Type0 fonts with a ToUnicode CMap (this PDF draws only Inter), literal strings.
function parsePdf(pdf: Buffer): { pages: string[][]; info: Record<string, string> } {
  const latin = pdf.toString('latin1');
  const startXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(latin)?.[1]);
  const xref = /^xref\s+0 (\d+)\s+/.exec(latin.slice(startXref))!;
  const offsets = latin
    .slice(startXref + xref[0].length)
    .split(/\r?\n/)
    .slice(0, Number(xref[1]))
    .map((entry) => Number(entry.trim().split(/\s+/)[0]));
  const dict = (num: number) => {
    const start = latin.indexOf('obj', offsets[num]) + 3;
    const end = latin.indexOf('endobj', start);
    const streamAt = latin.indexOf('stream', start);
    return latin.slice(start, streamAt !== -1 && streamAt < end ? streamAt : end);
  };
  const stream = (num: number) => {
    const head = dict(num);
    const start = offsets[num]! + latin.slice(offsets[num]).indexOf('stream') + 'stream\n'.length;
    const raw = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(head)![1]));
    return (head.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
  };
  const ref = (source: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(source)![1]);

  const trailer = latin.slice(latin.lastIndexOf('trailer'));
  const info: Record<string, string> = {};
  for (const [, key, num] of dict(ref(trailer, 'Info')).matchAll(/\/(\w+) (\d+) 0 R/g)) {
    info[key!] = literal(dict(Number(num)).trim());
  }
  const kids = /\/Kids \[([^\]]*)\]/.exec(dict(ref(dict(ref(trailer, 'Root')), 'Pages')))![1]!;
  const pages = [...kids.matchAll(/(\d+) 0 R/g)].map(([, num]) => {
    const page = dict(Number(num));
    const fonts = new Map(
      [...(/\/Font <<([^>]*)>>/.exec(dict(ref(page, 'Resources')))?.[1] ?? '').matchAll(/\/(\S+) (\d+) 0 R/g)].map(
        ([, name, font]) => [name!, cmap(stream(ref(dict(Number(font)), 'ToUnicode')))],
      ),
    );
    const texts: string[] = [];
    let map = new Map<number, string>();
    for (const [, font, array, single] of stream(ref(page, 'Contents')).matchAll(
      /\/(\S+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/gi,
    )) {
      if (font !== undefined) map = fonts.get(font)!;
      else {
        const hexes = array !== undefined ? [...array.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]!) : [single!];
        texts.push(
          hexes.map((hex) => hex.replace(/.{4}/g, (code) => map.get(parseInt(code, 16)) ?? '\ufffd')).join(''),
        );
      }
    }
    return texts;
  });
  return { pages, info };
}

/** A literal string `(…)` with its escapes → text (UTF-16BE after a byte order mark, else Latin-1). */
function literal(source: string): string {
  const body = source
    .slice(1, -1)
    .replace(/\\([0-7]{1,3}|.)/g, (_, escape: string) =>
      /^[0-7]/.test(escape) ? String.fromCharCode(parseInt(escape, 8)) : escape,
    );
  const bytes = Buffer.from(body, 'latin1');
  return bytes[0] === 0xfe && bytes[1] === 0xff ? bytes.subarray(2).swap16().toString('utf16le') : body;
}

/** A ToUnicode CMap as pdfkit writes it (bfrange entries with arrays): glyph code → text. */
function cmap(source: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex.replace(/ /g, ''), 'hex').swap16().toString('utf16le');
  for (const [, low, targets] of source.matchAll(/<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi)) {
    [...targets!.matchAll(/<([0-9a-f ]+)>/gi)].forEach(([, hex], i) => map.set(parseInt(low!, 16) + i, utf16(hex!)));
  }
  return map;
}
