import { describe, expect, it } from 'vitest';
import type { LeadRow as Lead } from './leads.ts';
import { leadsToCsv, neutralizeCell } from './csv.ts';

const lead = (overrides: Partial<Lead>): Lead => ({
  id: 'id-1',
  name: 'Name',
  email: 'a@example.com',
  phone: null,
  message: 'Hello',
  howDidYouFindUs: 'other',
  subject: null,
  services: null,
  source: 'landing',
  urgent: false,
  suspectedSpam: false,
  auditScore: null,
  auditReport: null,
  auditError: null,
  clientId: null,
  status: 'new',
  createdAt: new Date('2026-11-21T10:00:00Z'),
  erasedAt: null,
  ...overrides,
});

describe('leads CSV', () => {
  it('quotes commas, quotes and newlines as RFC 4180 says', () => {
    const csv = leadsToCsv([lead({ name: 'Smith, Jo', message: 'She said "hi"\nthen left' })]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'id,createdAt,status,source,urgent,name,email,phone,howDidYouFindUs,subject,services,message,auditScore,auditError',
    );
    expect(csv).toContain('"Smith, Jo"');
    expect(csv).toContain('"She said ""hi""\nthen left"');
    expect(row?.startsWith('id-1,2026-11-21T10:00:00.000Z,new,landing,no,')).toBe(true);
  });

  it('quotes a cell whose only special character is a bare line break', () => {
    const csv = leadsToCsv([lead({ message: 'Line one\nLine two' })]);
    expect(csv).toContain(',"Line one\nLine two"');
  });

  it.each(['=SUM(A1)', '+1+2', '-2+3', '@cmd', '\tx', '\rx'])('neutralises %j', (value) => {
    expect(neutralizeCell(value)).toBe(`'${value}`);
    expect(leadsToCsv([lead({ message: value })])).toContain(`'${value.replace('\r', '\r')}`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutralizeCell('Hello = world')).toBe('Hello = world');
  });

  it.each([
    ['full-width equals sign U+FF1D', '\uff1dSUM(A1)'],
    ['full-width plus sign U+FF0B', '\uff0b1+2'],
    ['full-width hyphen-minus U+FF0D', '\uff0d2+3'],
    ['full-width commercial at U+FF20', '\uff20cmd'],
    ['small plus sign U+FE62', '\ufe621+2'],
    ['small hyphen-minus U+FE63', '\ufe632+3'],
    ['small equals sign U+FE66', '\ufe66SUM(A1)'],
    ['small commercial at U+FE6B', '\ufe6bcmd'],
    ['minus sign U+2212', '\u22122+3'],
  ])('neutralises a cell starting with the %s, keeping its text', (_name, value) => {
    expect(neutralizeCell(value)).toBe(`'${value}`);
    expect(leadsToCsv([lead({ message: value })])).toContain(`,'${value},`);
  });

  it.each([
    ['spaces', '  =SUM(A1)'],
    ['a line break', '\n=1+1'],
    ['a no-break space', '\u00a0+1'],
    ['an ideographic space', '\u3000\uff1d1'],
    ['a zero-width space', '\u200b=1'],
    ['a zero-width non-joiner', '\u200c@cmd'],
    ['a zero-width joiner', '\u200d-1'],
    ['a word joiner', '\u2060\uff0b1'],
    ['a byte-order mark', '\ufeff=1'],
    ['a soft hyphen', '\u00ad\u22121'],
    ['a mix of them', ' \u200b\u00a0\ufe66HYPERLINK("x")'],
  ])('neutralises a formula sign after %s', (_name, value) => {
    expect(neutralizeCell(value)).toBe(`'${value}`);
  });

  it('leaves look-alike letters and signs after other text alone', () => {
    for (const value of ['\uff28\uff49 there', 'Caf\u00e9', 'Price \uff1d 5', '  hello', '\u200bhello', '5 \u2212 3']) {
      expect(neutralizeCell(value)).toBe(value);
    }
  });
});
