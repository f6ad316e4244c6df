import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanFileName, detectType } from './uploads.ts';

describe('cleanFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\Desktop\\logo.png', 'logo.png'],
    ['report\u0000.pdf', 'report.pdf'],
    ['line\nbreak.txt', 'linebreak.txt'],
    ['..', 'file'],
    ['', 'file'],
    [undefined, 'file'],
  ])('keeps %j as %j', (raw, name) => {
    expect(cleanFileName(raw)).toBe(name);
  });

  it('cuts a long name to 200 characters and keeps its extension', () => {
    const name = cleanFileName(`${'a'.repeat(300)}.docx`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.docx')).toBe(true);
  });
});

describe('detectType', () => {
  it('reads the type from the bytes, not the name', async () => {
    expect(await detectType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await detectType(new Uint8Array(png))).toBe('image/png');
  });

  it('takes UTF-8 without NUL bytes for text, a character cut at the end included', async () => {
    expect(await detectType(new TextEncoder().encode('Hello, café'))).toBe('text/plain');
    const cut = new TextEncoder().encode('café').subarray(0, 4);
    expect(await detectType(cut)).toBe('text/plain');
  });

  it('knows nothing of other binary content', async () => {
    expect(await detectType(new Uint8Array([0x00, 0xff, 0x13, 0x37]))).toBeNull();
    // Not UTF-8 (0xc3 0x28 is a broken sequence) and no known signature.
    expect(await detectType(new Uint8Array([0x01, 0x02, 0xc3, 0x28]))).toBeNull();
  });
});
