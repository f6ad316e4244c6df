import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProposalItem } from '../../shared/proposals.ts';
import { safeLinkUrl } from '../../shared/links.ts';
import { ProposalDocument, SafeMarkdown } from './proposal-document.tsx';

/**
 * The proposal document (docs/product.md#proposals) as the server renders it: Markdown from staff
 * can carry no script, no javascript: link and no image from another site, links never pass on the
 * page's address, and the totals are the numbers given, never recomputed.
 */
const ITEMS: ProposalItem[] = [
  { description: 'Design and build', quantity: 2, unitPriceCents: 120_000, recurring: null, optional: false },
  { description: 'Logo refresh', quantity: 1, unitPriceCents: 45_000, recurring: null, optional: true },
  { description: 'Hosting and care plan', quantity: 1, unitPriceCents: 9_900, recurring: 'monthly', optional: false },
];

/** Totals no client-side sum would give, so that a recomputed total would show. */
const TOTALS = {
  oneOffCents: 123_456,
  monthlyCents: 9_876,
  depositCents: 61_728,
  oneOffSubtotalCents: 143_456,
  discountCents: 20_000,
};

const TERMS = {
  version: '2026-11-21',
  title: 'Terms of Service',
  url: 'https://example.com/terms-of-service',
  text: '## About these terms\n\nThese Terms are an agreement.',
};

function render(over: Partial<Parameters<typeof ProposalDocument>[0]> = {}): string {
  return renderToStaticMarkup(
    <ProposalDocument
      title="New website"
      intro={'## The plan\n\nA fast site.'}
      items={ITEMS}
      totals={TOTALS}
      depositPercent={50}
      validUntil="2026-12-31"
      terms={TERMS}
      extraTerms={null}
      chosen={[]}
      {...over}
    />,
  );
}

const markdown = (text: string) => renderToStaticMarkup(<SafeMarkdown headingLevel={2}>{text}</SafeMarkdown>);

describe('SafeMarkdown', () => {
  it('drops raw HTML: a script in the text is no script element', () => {
    const html = markdown('Hello\n\n<script>alert(1)</script>\n\nand <img src="x" onerror="alert(2)"> inline');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('onerror');
    expect(html).toContain('Hello');
  });

  it('keeps no javascript: address: the link is left as its words', () => {
    const html = markdown('[x](javascript:alert(1)) and [y](JaVaScRiPt:alert(2)) and [z](data:text/html,hi)');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain('data:');
    expect(html).not.toMatch(/<a[\s>]/);
    expect(html).toContain('x');
  });

  it('never loads an image: it shows its alternative text instead', () => {
    const html = markdown(
      '![logo](https://evil.example/x.png)\n\n[![badge](https://evil.example/b.png)](https://example.com)\n\n![ref][r]\n\n[r]: https://evil.example/r.png',
    );
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('evil.example');
    expect(html).toContain('logo');
    expect(html).toContain('badge');
  });

  it('gives every link rel="noopener noreferrer nofollow", for web and mail addresses only', () => {
    const html = markdown('[our site](https://example.com/a) and [write](mailto:hello@example.com)');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer nofollow"');
    expect(html).toContain('<a href="mailto:hello@example.com" rel="noopener noreferrer nofollow"');
    expect(safeLinkUrl('/relative')).toBeNull();
    expect(safeLinkUrl('vbscript:x')).toBeNull();
    expect(safeLinkUrl('http://example.com')).toBe('http://example.com');
  });

  it('starts its headings at the level asked for, keeping their order', () => {
    const html = renderToStaticMarkup(<SafeMarkdown headingLevel={3}>{'## A\n\n### B\n\n# C'}</SafeMarkdown>);
    expect(html).toContain('<h4>A</h4>');
    expect(html).toContain('<h5>B</h5>');
    expect(html).toContain('<h3>C</h3>');
    expect(html).not.toMatch(/<h[12]/);
  });
});

describe('ProposalDocument', () => {
  it("shows the server's totals as given: subtotal and discount, one-off, monthly, deposit", () => {
    const html = render();
    expect(html).toContain('One-off subtotal');
    expect(html).toContain('$1,434.56');
    expect(html).toContain('−$200.00');
    expect(html).toContain('$1,234.56');
    expect(html).toContain('$98.76 per month');
    expect(html).toContain('50% deposit on signing');
    expect(html).toContain('$617.28');
    // The lines themselves: quantity × unit price.
    expect(html).toContain('$2,400.00');
  });

  it('leaves out the subtotal and discount without a discount, and the monthly total without monthly items', () => {
    const html = render({
      totals: { ...TOTALS, discountCents: 0, oneOffSubtotalCents: TOTALS.oneOffCents, monthlyCents: 0 },
      depositPercent: 0,
    });
    expect(html).not.toContain('One-off subtotal');
    expect(html).not.toContain('Discount');
    expect(html).not.toContain('per month');
    expect(html).not.toContain('deposit on signing');
    expect(html).toContain('One-off total');
  });

  it('offers a checkbox for each optional item when it can be ticked, and says what was chosen once signed', () => {
    const open = render({ chosen: [1], onToggle: () => undefined });
    expect(open.match(/type="checkbox"/g)).toHaveLength(2); // the table and the stacked rows
    expect(open).toContain('<span class="sr-only">Include </span>Logo refresh');
    expect(open).toMatch(/type="checkbox"[^>]*checked=""/);
    const signed = render({ chosen: [1], showChoice: true });
    expect(signed).not.toContain('type="checkbox"');
    expect(signed).toContain('Included');
    expect(render({ chosen: [], showChoice: true })).toContain('Not chosen');
    // Before a decision (a draft's preview, an expired or declined proposal) it is only 'Optional'.
    const undecided = render({ chosen: [] });
    expect(undecided).toContain('Optional');
    expect(undecided).not.toContain('Not chosen');
    expect(undecided).not.toContain('Included');
  });

  it('renders the terms safely in a details element, with their version and address, and the additional terms', () => {
    const html = render({ extraTerms: 'Launch within **6 weeks**. <script>alert(1)</script>' });
    expect(html).toContain('<summary');
    expect(html).toContain('Terms of Service (version 2026-11-21)');
    expect(html).toContain('href="https://example.com/terms-of-service"');
    expect(html).toContain('Additional terms');
    expect(html).toContain('<strong>6 weeks</strong>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Dec 31, 2026');
  });

  it('keeps the introduction below the page heading and the terms below their own', () => {
    const html = render();
    expect(html).toContain('<h2>The plan</h2>');
    expect(html).toContain('<h3>About these terms</h3>');
    expect(html).not.toMatch(/<h1/);
  });
});
