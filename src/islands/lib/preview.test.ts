import { describe, expect, it } from 'vitest';
import { preview } from './preview.ts';

describe('preview', () => {
  it('keeps a text that fits, with its whitespace made single spaces', () => {
    expect(preview('Hello  there,\nMaria', 40)).toBe('Hello there, Maria');
  });

  it('cuts after a whole word and ends with an ellipsis, within the limit', () => {
    const text = 'The homepage and menu mockups are in the shared folder for your review.';
    const short = preview(text, 30);
    expect(short).toBe('The homepage and menu mockups…');
    expect(short.length).toBeLessThanOrEqual(30);
  });

  it('cuts inside a single word longer than the limit', () => {
    expect(preview('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
