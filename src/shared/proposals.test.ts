import { describe, expect, it } from 'vitest';
import { agreementReference, proposalTotals, type ProposalItem } from './proposals.ts';

const item = (over: Partial<ProposalItem>): ProposalItem => ({
  description: 'Line',
  quantity: 1,
  unitPriceCents: 10_000,
  recurring: null,
  optional: false,
  ...over,
});

describe('proposal totals', () => {
  it('adds the required one-off lines, takes off the discount, and keeps monthly lines apart', () => {
    const totals = proposalTotals({
      items: [item({ quantity: 3, unitPriceCents: 33_333 }), item({ unitPriceCents: 9_900, recurring: 'monthly' })],
      discountCents: 999,
      depositPercent: 50,
    });
    expect(totals).toEqual({
      oneOffSubtotalCents: 99_999,
      discountCents: 999,
      oneOffCents: 99_000,
      monthlyCents: 9_900,
      depositCents: 49_500,
    });
  });

  it('counts an optional line only when chosen, and rounds the deposit half up to the cent', () => {
    const proposal = {
      items: [item({ unitPriceCents: 101 }), item({ unitPriceCents: 4, optional: true })],
      discountCents: 0,
      depositPercent: 50,
    };
    expect(proposalTotals(proposal).depositCents).toBe(51); // 50.5 → 51
    expect(proposalTotals(proposal, [1])).toMatchObject({ oneOffCents: 105, depositCents: 53 }); // 52.5 → 53
  });

  it('never discounts below zero', () => {
    expect(
      proposalTotals({ items: [item({ unitPriceCents: 500 })], discountCents: 9_999, depositPercent: 100 }),
    ).toMatchObject({
      discountCents: 500,
      oneOffCents: 0,
      depositCents: 0,
    });
  });

  it('names an agreement by the first eight characters of its id', () => {
    expect(agreementReference('1a2b3c4d-5e6f-4a5b-8c9d-0e1f2a3b4c5d')).toBe('AGR-1A2B3C4D');
  });
});
