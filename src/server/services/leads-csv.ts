/**
 * Every lead as CSV (issue 4), through csv-stringify (RFC 4180 quoting of commas, quotes and
 * newlines). A cell that begins with =, +, -, @, a tab or a carriage return gets a leading
 * apostrophe, so that a spreadsheet shows it as text instead of running it as a formula
 * (OWASP "CSV Injection").
 */
import { stringify } from 'csv-stringify/sync';
import type { LeadRow as Lead } from './leads.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Makes a cell safe to open in a spreadsheet. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
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
] as const;

export function leadsToCsv(leads: Lead[]): string {
  const rows = leads.map((lead) =>
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
    ].map(neutralizeCell),
  );
  // Quote every cell holding a line break, not only those holding the \r\n record delimiter.
  return stringify([[...COLUMNS], ...rows], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
