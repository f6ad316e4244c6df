/**
 * A short preview of a longer text for lists and cards (docs/product.md#layout-checks): at most
 * `maxChars` characters, cut after a whole word and ended with '…', so that a list shows what it
 * shortened instead of clipping lines out of sight. Whitespace runs become one space. Word
 * boundaries come from Intl.Segmenter. Text that fits comes back unchanged (but for whitespace).
 */
export function preview(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  let end = 0;
  for (const { index, segment, isWordLike } of new Intl.Segmenter('en', { granularity: 'word' }).segment(flat)) {
    const after = index + segment.length;
    if (after > maxChars - 1) break;
    if (isWordLike) end = after;
  }
  // One word longer than the limit: cut inside it rather than show nothing.
  return `${flat.slice(0, end > 0 ? end : maxChars - 1).trimEnd()}…`;
}
