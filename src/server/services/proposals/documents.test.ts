import { describe, expect, it } from 'vitest';
import { canonicalJson, offeredDocument, sha256Hex, signedDocument } from './documents.ts';

const parts = {
  proposalId: 'p1',
  version: 1,
  title: 'Website',
  intro: 'Hello',
  items: [
    { description: 'Build', quantity: 1, unitPriceCents: 50_000, recurring: null, optional: false },
    { description: 'Logo', quantity: 1, unitPriceCents: 20_000, recurring: null, optional: true },
  ],
  discountCents: 0,
  depositPercent: 50,
  validUntil: '2026-12-31',
  extraTerms: null,
  client: { business: 'Acme', name: 'Dana', email: 'dana@acme.example' },
  terms: { version: '2026-11-21', title: 'Terms of Service', text: 'The terms.', sha256: 'x' },
  sentAt: new Date('2026-12-01T12:00:00Z'),
  siteUrl: 'https://studio.example.com',
};

describe('the documents a signature is about', () => {
  it('writes canonical JSON: keys sorted, one spelling, whatever order the object was built in', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(() => canonicalJson({ n: Number.NaN })).toThrow();
  });

  it('hashes the offered document, and any change, one cent or one character, changes the hash', () => {
    const offered = offeredDocument(parts);
    expect(offered.hash).toBe(sha256Hex(offered.json));
    expect(offered.document.terms.url).toBe('https://studio.example.com/terms-of-service');
    const cent = offeredDocument({
      ...parts,
      items: [{ ...parts.items[0]!, unitPriceCents: 50_001 }, parts.items[1]!],
    });
    const word = offeredDocument({ ...parts, terms: { ...parts.terms, text: 'The terms!' } });
    expect(new Set([offered.hash, cent.hash, word.hash]).size).toBe(3);
  });

  it('fixes the chosen optional items and their totals in the signed document', () => {
    const offered = offeredDocument(parts);
    const signed = signedDocument(offered.json, [1]);
    expect(signed.document).toMatchObject({
      offeredHash: offered.hash,
      chosenOptionalItems: [1],
      totals: { oneOffCents: 70_000, depositCents: 35_000 },
    });
    expect(signed.hash).not.toBe(signedDocument(offered.json, []).hash);
    expect(() => signedDocument(offered.json, [0])).toThrow(RangeError);
  });
});
