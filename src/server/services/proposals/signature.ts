/**
 * A drawn signature (docs/product.md#agreements): optional beside the typed name, sent by the
 * signing screen as a small SVG of pen strokes. The server keeps only what a signature needs and
 * nothing that could run or load: the SVG is parsed as XML (cheerio), must be one `<svg>` with a
 * numeric `viewBox` holding only `<path>` elements whose `d` is made of move, line, curve and
 * close commands and numbers that svgpath reads without an error, and is written again from those parts alone (no attribute, style,
 * script or link of the original survives).
 */
import { load } from 'cheerio';
import svgpath from 'svgpath';
import { svgOfPaths } from '../../../shared/signature-drawing.ts';
import { InvalidFieldError } from '../../errors.ts';

/** At most this many strokes, and this many characters of path data in all. */
const MAX_PATHS = 300;
const MAX_PATH_CHARS = 30_000;

/** Path data of move (M), line (L, H, V), curve (C, S, Q, T) and close (Z) commands and numbers only. */
const PATH_DATA = /^[Mm][MmLlHhVvCcSsQqTtZz0-9eE.,\s+-]*$/;
const VIEW_BOX = /^0 0 (\d{1,4}(?:\.\d+)?) (\d{1,4}(?:\.\d+)?)$/;

const refused = () =>
  new InvalidFieldError('signatureSvg', 'The drawn signature could not be read: clear it and draw it again');

/**
 * `svg` as the normalized signature
 * (`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 W H"><path d="…"/>…</svg>`), or null for
 * an empty drawing (no strokes). InvalidFieldError on `signatureSvg` for anything else.
 */
export function normalizeSignatureSvg(svg: string): string | null {
  let $: ReturnType<typeof load>;
  try {
    $ = load(svg, { xml: { xmlMode: true, decodeEntities: true } });
  } catch {
    throw refused();
  }
  const roots = $.root().children();
  if (roots.length !== 1 || roots.get(0)?.tagName !== 'svg') throw refused();
  const root = roots.first();
  const box = VIEW_BOX.exec((root.attr('viewBox') ?? '').trim().replace(/\s+/g, ' '));
  if (!box || Number(box[1]) <= 0 || Number(box[2]) <= 0) throw refused();
  const children = root.children();
  if (children.length > MAX_PATHS) throw refused();
  const paths: string[] = [];
  let length = 0;
  for (const child of children.toArray()) {
    if (child.tagName !== 'path') throw refused();
    const d = ($(child).attr('d') ?? '').trim().replace(/\s+/g, ' ');
    // Only the commands a stroke needs, and data svgpath reads without an error.
    if (!PATH_DATA.test(d) || (svgpath(d) as ReturnType<typeof svgpath> & { err?: string }).err) throw refused();
    length += d.length;
    paths.push(d);
  }
  if (length > MAX_PATH_CHARS) throw refused();
  return svgOfPaths(box[1]!, box[2]!, paths);
}
