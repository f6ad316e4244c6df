import { describe, expect, it } from 'vitest';
import type { LeadRow as Lead } from './leads.ts';
import { leadsToCsv, neutralizeCell } from './leads-csv.ts';

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
  auditScore: null,
  auditReport: null,
  clientId: null,
  status: 'new',
  createdAt: new Date('2026-11-21T10:00:00Z'),
  ...overrides,
});

describe('leads CSV', () => {
  it('quotes commas, quotes and newlines as RFC 4180 says', () => {
    const csv = leadsToCsv([lead({ name: 'Smith, Jo', message: 'She said "hi"\nthen left' })]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'id,createdAt,status,source,urgent,name,email,phone,howDidYouFindUs,subject,services,message,auditScore',
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
});
