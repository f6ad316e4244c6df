import { describe, expect, it } from 'vitest';
import { OG_HEIGHT, OG_WIDTH } from './og-card.ts';
import { renderOgImage } from './og-image.tsx';

/** Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian). */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('renderOgImage', () => {
  it('returns a 1200 × 630 PNG', async () => {
    const png = await renderOgImage({
      eyebrow: 'Blog · Security',
      title: 'A Ransomware and Website Security Checklist',
    });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pngSize(png)).toEqual({ width: OG_WIDTH, height: OG_HEIGHT });
    expect({ OG_WIDTH, OG_HEIGHT }).toEqual({ OG_WIDTH: 1200, OG_HEIGHT: 630 });
  });

  it('draws the title: cards of different titles differ, and the same card comes out the same', async () => {
    const card = { eyebrow: 'About us', title: 'A Delaware web studio built for small businesses' };
    const [first, again, other] = await Promise.all([
      renderOgImage(card),
      renderOgImage(card),
      renderOgImage({ ...card, title: 'Clear prices for small-business websites' }),
    ]);
    expect(Buffer.from(first).equals(Buffer.from(again))).toBe(true);
    expect(Buffer.from(first).equals(Buffer.from(other))).toBe(false);
  });
});
