import { describe, expect, it } from 'vitest';
import { formatResult, testimonialFor } from './work.ts';

describe('formatResult (case-study results, docs/product.md#work)', () => {
  it.each([
    [
      62,
      'percent',
      '62%',
      '62 percent',
      [
        { kind: 'number', text: '62' },
        { kind: 'unit', text: '%' },
      ],
    ],
    [1240, 'count', '1,240', '1,240', [{ kind: 'number', text: '1,240' }]],
    [
      2,
      'multiple',
      '2×',
      '2 times',
      [
        { kind: 'number', text: '2' },
        { kind: 'unit', text: '×' },
      ],
    ],
    [
      1.44,
      'second',
      '1.4 seconds',
      '1.4 seconds',
      [
        { kind: 'number', text: '1.4' },
        { kind: 'unit', text: ' seconds' },
      ],
    ],
    [
      1,
      'hour',
      '1 hour',
      '1 hour',
      [
        { kind: 'number', text: '1' },
        { kind: 'unit', text: ' hour' },
      ],
    ],
    [
      11,
      'day',
      '11 days',
      '11 days',
      [
        { kind: 'number', text: '11' },
        { kind: 'unit', text: ' days' },
      ],
    ],
  ] as const)('%d %s → %s', (value, unit, text, spoken, parts) => {
    const result = formatResult(value, unit);
    expect(result.text).toBe(text);
    expect(result.parts.map((part) => part.text).join('')).toBe(text);
    expect(result.spoken).toBe(spoken);
    expect(result.parts).toEqual(parts);
  });
});

describe('testimonialFor', () => {
  const testimonials = [
    { business: 'Sweet Hen Bakery, Newark', name: 'Maria' },
    { business: 'Sweet Hen Bakery Outlet, Newark', name: 'Other' },
    { business: 'Harbor Light Café', name: 'Luis' },
  ];

  it('matches the client name followed by the town, or alone', () => {
    expect(testimonialFor('Sweet Hen Bakery', testimonials)?.name).toBe('Maria');
    expect(testimonialFor('Harbor Light Café', testimonials)?.name).toBe('Luis');
  });

  it('does not match a longer business name or an unknown client', () => {
    expect(testimonialFor('Sweet Hen', testimonials)).toBeUndefined();
    expect(testimonialFor('Fern & Stone Yoga', testimonials)).toBeUndefined();
  });
});
