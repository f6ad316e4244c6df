/**
 * A drawn signature as SVG text (docs/product.md#agreements): the format the signing page sends
 * and the server keeps, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 W H">` with one
 * `<path d="…"/>` per stroke. The pad writes each stroke as 'M x y L x y …' (numbers rounded to
 * one decimal, islands/portal/signature-pad.tsx); the server writes what it accepted again in the
 * same form (services/proposals/signature.ts).
 */

/** A point of a stroke, in the drawing's own units. */
export type Point = readonly [x: number, y: number];

/** The drawing's size in its own units (the viewBox) on the signing page's pad. */
export const PAD_SIZE = { width: 600, height: 200 } as const;

/** `n` rounded to one decimal, written without a trailing '.0' (12 → '12', 12.34 → '12.3'). */
const num = (n: number) => String(Math.round(n * 10) / 10);

/**
 * The path data of one stroke: 'M x y' then 'L x y' for each further point; a single point (a dot)
 * is drawn as a line to itself, so that it shows.
 */
export function strokePath(points: readonly Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  const segments = (rest.length > 0 ? rest : [first]).map(([x, y]) => `L ${num(x)} ${num(y)}`);
  return `M ${num(first[0])} ${num(first[1])} ${segments.join(' ')}`;
}

/** The SVG of path data `paths` (each one `d`) on a `width` × `height` viewBox, or null for none. */
export function svgOfPaths(width: number | string, height: number | string, paths: readonly string[]): string | null {
  if (paths.length === 0) return null;
  const body = paths.map((d) => `<path d="${d}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/**
 * The drawing of `strokes` on a `width` × `height` pad (default PAD_SIZE) in the format above, or
 * null when there is no stroke with a point.
 */
export function signatureSvg(
  strokes: readonly (readonly Point[])[],
  width: number = PAD_SIZE.width,
  height: number = PAD_SIZE.height,
): string | null {
  return svgOfPaths(width, height, strokes.filter((stroke) => stroke.length > 0).map(strokePath));
}
