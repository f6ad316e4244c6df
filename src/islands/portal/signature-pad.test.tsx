import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { signatureSvg, strokePath } from '../../shared/signature-drawing.ts';
import { SignaturePad } from './signature-pad.tsx';

/**
 * The drawn signature (docs/product.md#agreements) leaves the browser in exactly the form the
 * server keeps: one <svg> with a viewBox and one path of move and line commands per stroke,
 * numbers rounded to one decimal, or nothing at all.
 */
describe('the drawn signature', () => {
  it('writes a stroke as M x y L x y …, rounded to one decimal', () => {
    expect(
      strokePath([
        [10, 20.04],
        [11.26, 20.95],
        [12, 22.5],
      ]),
    ).toBe('M 10 20 L 11.3 21 L 12 22.5');
  });

  it('draws a single point as a line to itself, so that a dot shows', () => {
    expect(strokePath([[5.55, 6]])).toBe('M 5.6 6 L 5.6 6');
    expect(strokePath([])).toBe('');
  });

  it('outputs exactly the svg the server keeps, one path per stroke', () => {
    const svg = signatureSvg([
      [
        [1, 2],
        [3, 4],
      ],
      [[5, 6]],
    ]);
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><path d="M 1 2 L 3 4"/><path d="M 5 6 L 5 6"/></svg>',
    );
    // The server's normalization leaves it exactly as it is: services/proposals/signature.test.ts.
  });

  it('outputs nothing when nothing is drawn', () => {
    expect(signatureSvg([])).toBeNull();
    expect(signatureSvg([[]])).toBeNull();
  });

  it('says that drawing is optional, and takes no keyboard focus', () => {
    const html = renderToStaticMarkup(<SignaturePad onChange={() => undefined} />);
    expect(html).toContain('Drawing is optional: your typed name is your signature.');
    expect(html).toContain('Clear signature');
    expect(html).not.toContain('tabindex');
  });
});
