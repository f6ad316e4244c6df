/**
 * Leads as CSV (docs/product.md#leads), through csv-stringify (RFC 4180 quoting of commas, quotes and
 * newlines). A cell that begins with =, +, -, @, a tab or a carriage return gets a leading
 * apostrophe, so that a spreadsheet shows it as text instead of running it as a formula
 * (OWASP "CSV Injection"). So does a cell that begins with a look-alike of those signs, which some
 * spreadsheets read as the sign itself (full-width ＝ ＋ － ＠, small ﹦ ﹢ ﹣ ﹫, the minus sign −),
 * or with one of them after leading whitespace or zero-width characters: the cell is compared in
 * Unicode compatibility form (NFKC), and keeps its original text after the apostrophe.
 */
import { stringify } from 'csv-stringify/sync';
import type { ListedLead as Lead } from './leads.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Whitespace and invisible characters a formula may hide behind: Unicode white space (tab, line
 * breaks, no-break and ideographic spaces…), zero-width space, non-joiner and joiner, word
 * joiner, byte-order mark, soft hyphen and the Mongolian vowel separator.
 */
const HIDDEN_LEAD = /^[\s\u200b-\u200d\u2060\ufeff\u00ad\u180e]+/u;

/** Formula signs after NFKC: = + - @, and the minus sign U+2212, which NFKC keeps as it is. */
const SIGN_START = /^[=+\-@\u2212]/u;

/** Makes a cell safe to open in a spreadsheet: `'` in front of anything that may start a formula. */
export function neutralizeCell(value: string): string {
  if (FORMULA_START.test(value)) return `'${value}`;
  const compatible = value.normalize('NFKC').replace(HIDDEN_LEAD, '');
  return SIGN_START.test(compatible) ? `'${value}` : value;
}

const COLUMNS = [
  'id',
  'createdAt',
  'status',
  'source',
  'urgent',
  'name',
  'email',
  'phone',
  'howDidYouFindUs',
  'subject',
  'services',
  'message',
  'auditScore',
  'auditError',
] as const;

const toRow = (lead: Lead) =>
  [
    lead.id,
    lead.createdAt.toISOString(),
    lead.status,
    lead.source,
    lead.urgent ? 'yes' : 'no',
    lead.name,
    lead.email ?? '',
    lead.phone ?? '',
    lead.howDidYouFindUs ?? '',
    lead.subject ?? '',
    (lead.services ?? []).join('; '),
    lead.message,
    lead.auditScore === null ? '' : String(lead.auditScore),
    lead.auditError ?? '',
  ].map(neutralizeCell);

// Quote every cell holding a line break, not only those holding the \r\n record delimiter.
const OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** `leads` as CSV text: the header row, then one row per lead. */
export function leadsToCsv(leads: Lead[]): string {
  return stringify([[...COLUMNS], ...leads.map(toRow)], OPTIONS);
}

/**
 * Batches of leads → a byte stream of one CSV (header first), written a batch at a time, so an
 * export of 50,000 leads never holds more than one batch and its text in memory.
 */
export function leadsCsvStream(batches: AsyncIterable<Lead[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let header = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) {
        if (header) controller.enqueue(encoder.encode(leadsToCsv([])));
        controller.close();
        return;
      }
      const rows = value.map(toRow);
      controller.enqueue(encoder.encode(stringify(header ? [[...COLUMNS], ...rows] : rows, OPTIONS)));
      header = false;
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
