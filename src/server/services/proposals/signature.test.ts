import { describe, expect, it } from 'vitest';
import { signatureSvg } from '../../../shared/signature-drawing.ts';
import { normalizeSignatureSvg } from './signature.ts';

describe('a drawn signature', () => {
  it('keeps only the strokes and the view box, written again', () => {
    expect(
      normalizeSignatureSvg(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" style="x" onload="alert(1)"><path d="M10 10 L 20 20" fill="red"/><path d="m 1,1 c 1 2 3 4 5 6 z"/></svg>',
      ),
    ).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><path d="M10 10 L 20 20"/><path d="m 1,1 c 1 2 3 4 5 6 z"/></svg>',
    );
  });

  it('leaves what the signing page’s pad draws exactly as it is', () => {
    const svg = signatureSvg([
      [
        [1, 2],
        [3, 4],
      ],
      [[5, 6]],
    ]);
    expect(normalizeSignatureSvg(svg!)).toBe(svg);
  });

  it('is nothing when no stroke was drawn', () => {
    expect(normalizeSignatureSvg('<svg viewBox="0 0 300 100"></svg>')).toBeNull();
  });

  it.each([
    ['another element', '<svg viewBox="0 0 10 10"><script>alert(1)</script></svg>'],
    ['a picture from elsewhere', '<svg viewBox="0 0 10 10"><image href="https://evil.example/a.png"/></svg>'],
    ['path data that is not numbers and commands', '<svg viewBox="0 0 10 10"><path d="M 1 1 url(#x)"/></svg>'],
    ['no view box', '<svg><path d="M 1 1 L 2 2"/></svg>'],
    ['a curve short of its numbers', '<svg viewBox="0 0 10 10"><path d="M 1 1 C 2 2 3"/></svg>'],
    ['two roots', '<svg viewBox="0 0 1 1"></svg><svg viewBox="0 0 1 1"></svg>'],
    ['not SVG', 'hello'],
  ])('is refused with %s', (_what, svg) => {
    expect(() => normalizeSignatureSvg(svg)).toThrow('The drawn signature could not be read');
  });
});
