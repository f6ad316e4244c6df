import { describe, expect, it } from 'vitest';
import { renderDataExport } from './data-export.tsx';

const link = 'https://example.com/data-export#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('the email that brings a data export (docs/product.md#privacy)', () => {
  it("to the client: its subject, the archive's size, the 48 hours and the link", async () => {
    const email = await renderDataExport({
      name: 'Dora Download',
      subjectName: 'Dora Download',
      forStaff: false,
      link,
      sizeBytes: 2560,
    });
    expect(email.subject).toBe('Your data from First State Web Studio is ready');
    expect(email.text).toContain('Hello Dora Download,');
    expect(email.text).toContain('The copy of your data you asked for is ready (2.5 KB, a ZIP file).');
    expect(email.text).toContain('Download it within the next 48 hours. The link works once.');
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link}"`);
  });

  it('to the staff member who asked: whose data, and to check the requester', async () => {
    const email = await renderDataExport({
      name: 'Maria Lopez',
      subjectName: 'Lena Lead',
      forStaff: true,
      link,
      sizeBytes: 1000,
    });
    expect(email.subject).toBe('Data export of Lena Lead is ready');
    expect(email.text).toContain('everything we hold about Lena Lead');
    expect(email.text).toContain('Check who asked before you pass it on');
  });
});
