import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { proposalTotals, type ProposalItem, type SignerRecord } from '../../../shared/proposals.ts';
import { type AgreementPdfInput, renderAgreementPdf } from './agreement-pdf.ts';

/** The published Terms of Service, without their frontmatter. */
const TERMS_TEXT = readFileSync(new URL('../../../content/legal/terms-of-service.md', import.meta.url), 'utf8').replace(
  /^---\n[\s\S]*?\n---\n/,
  '',
);

const HASH = 'a3f1c9e07b5d2468ace0135792468bdf0123456789abcdef0fedcba987654321';
const OFFERED_HASH = '0b1c2d3e4f5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0';
const AGREEMENT_ID = '9f8e7d6c-5b4a-4321-8fed-cba987654321';
const SIGNER_NAME = 'Zoë Łukasz Nguyễn';

const INTRO = `## Why we are proposing this

Thanks for talking to us about **Café Łódź & Sons**. This proposal covers a *new website*, hosting and care for a year.

### What you get

- A five-page site, designed for your brand
- Hosting, backups and \`TLS\` certificates
  - daily backups kept for 30 days
- Monthly reports

1. Discovery call
2. Design and two rounds of revisions
3. Launch

> We do not start until the deposit is paid.

See our [portfolio](https://firststatewebstudio.com/work), [this](javascript:alert(1)) or write to <hello@firststatewebstudio.com>.

<script>alert("x")</script>

![Wireframe of the home page](https://cdn.example.com/wireframe.png)

---

Questions? Call us.`;

const LONG_DESCRIPTION =
  'Visual design of the home page and four inner pages, with two rounds of revisions on each page, a style guide ' +
  '(colours, type, buttons and forms) and a clickable prototype you can review on your phone before anything is ' +
  'built; then the same again for the booking flow, its emails and its confirmation pages, so that every screen a ' +
  'customer sees is designed before development starts, and signed off by you in writing.';

const ITEMS: ProposalItem[] = [
  {
    description: 'Discovery workshop and site map',
    quantity: 1,
    unitPriceCents: 45_000,
    recurring: null,
    optional: false,
  },
  { description: LONG_DESCRIPTION, quantity: 1, unitPriceCents: 180_000, recurring: null, optional: false },
  {
    description: 'Front-end development (responsive, WCAG 2.2 AA)',
    quantity: 5,
    unitPriceCents: 40_000,
    recurring: null,
    optional: false,
  },
  {
    description: 'Content migration from the old site (per page)',
    quantity: 12,
    unitPriceCents: 2_500,
    recurring: null,
    optional: false,
  },
  {
    description: 'Copywriting for the home page',
    quantity: 1,
    unitPriceCents: 60_000,
    recurring: null,
    optional: true,
  },
  {
    description: 'Photography session (half day, on site)',
    quantity: 1,
    unitPriceCents: 85_000,
    recurring: null,
    optional: true,
  },
  { description: 'Online booking integration', quantity: 1, unitPriceCents: 75_000, recurring: null, optional: false },
  {
    description: 'Search engine optimisation set-up',
    quantity: 1,
    unitPriceCents: 35_000,
    recurring: null,
    optional: false,
  },
  { description: 'The $99 monthly plan', quantity: 1, unitPriceCents: 9_900, recurring: 'monthly', optional: false },
  { description: 'Security monitoring', quantity: 1, unitPriceCents: 4_900, recurring: 'monthly', optional: true },
  { description: 'Extra mailboxes (each)', quantity: 3, unitPriceCents: 600, recurring: 'monthly', optional: true },
  {
    description: 'Staff training (one hour, remote)',
    quantity: 2,
    unitPriceCents: 15_000,
    recurring: null,
    optional: false,
  },
];
const CHOSEN = [4, 9];

/**
 * Three strokes in the server's normalized format (services/proposals/signature.ts): every
 * command it allows, absolute and relative.
 */
const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200">' +
  '<path d="M40 150 C 60 40, 110 40, 120 140 S 160 60, 190 120"/>' +
  '<path d="M200 130 q 20 -60 40 0 t 40 0 l 30 -40 L 360 150 h 10 v -20 H 375 V 150"/>' +
  '<path d="m380 120 c 10 -30 40 -30 50 0 s 40 30 50 0 Q 500 90 520 110 T 560 110 l 20 -20 z"/>' +
  '</svg>';

const SIGNER: SignerRecord = {
  name: SIGNER_NAME,
  email: 'zoe@cafelodz.example',
  role: 'Owner',
  signedAt: '2026-12-01T20:04:05.000Z',
  ipAddress: '203.0.113.45',
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  consentVersion: 'esign-2026-12',
  signatureSvg: SIGNATURE_SVG,
};

/** A realistic agreement: the real Terms of Service, 12 items, one signer with a drawn signature. */
function agreement(
  overrides: { items?: ProposalItem[]; signers?: SignerRecord[]; timeZone?: string } = {},
): AgreementPdfInput {
  const proposal = {
    schema: 'proposal/1' as const,
    proposalId: '5b0c7a0e-2f43-4d7e-9d0c-0f5d8f3a9c21',
    version: 3,
    title: 'Website redesign and care plan for Café Łódź & Sons',
    intro: INTRO,
    agency: {
      name: 'First State Web Studio',
      legalName: 'First State Web Studio LLC',
      address: '1000 N West Street, Suite 1200, Wilmington, DE 19801',
      email: 'hello@firststatewebstudio.com',
      phone: '(302) 555-0147',
    },
    client: { business: 'Café Łódź & Sons LLC', name: SIGNER_NAME, email: 'zoe@cafelodz.example' },
    currency: 'USD' as const,
    items: overrides.items ?? ITEMS,
    discountCents: 25_000,
    depositPercent: 30,
    validUntil: '2026-12-31',
    terms: {
      version: '2026-11-21',
      title: 'Terms of Service',
      url: 'https://firststatewebstudio.com/terms-of-service',
      text: TERMS_TEXT,
    },
    extraTerms: '- Launch is planned for **February 2027**.\n- The booking integration uses your own account.',
    sentAt: '2026-11-24T15:30:00.000Z',
  };
  const chosen = CHOSEN.filter((index) => proposal.items[index]?.optional);
  return {
    agreementId: AGREEMENT_ID,
    document: {
      schema: 'agreement/1',
      proposal,
      offeredHash: OFFERED_HASH,
      chosenOptionalItems: chosen,
      totals: proposalTotals(proposal, chosen),
    },
    documentHash: HASH,
    signers: overrides.signers ?? [SIGNER],
    timeZone: overrides.timeZone ?? 'America/New_York',
    verifyUrl: 'https://firststatewebstudio.com/verify',
  };
}

/**
 * Text without its white space: what a page draws (its text operators' strings, joined in drawing
 * order) is compared with what it should say this way, since where a line wraps or a table cell
 * ends leaves no space character.
 */
function squash(text: string | readonly string[]): string {
  return (typeof text === 'string' ? text : text.join('')).replace(/\s+/g, '');
}

describe('renderAgreementPdf', () => {
  it('renders every part of the agreement, in order, with a certificate page last', async () => {
    const pdf = await renderAgreementPdf(agreement());
    const parsed = parsePdf(pdf);
    const pages = parsed.pages;

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(pages.length);
    expect(pages.length).toBeGreaterThanOrEqual(4);

    // 1. The header, on the first page.
    const first = squash(pages[0]!.texts);
    for (const text of [
      'First State Web Studio LLC',
      '1000 N West Street, Suite 1200, Wilmington, DE 19801',
      'Website redesign and care plan for Café Łódź & Sons',
      'Proposal version 3',
      'Agreement AGR-9F8E7D6C',
      'Café Łódź & Sons LLC',
      `${SIGNER_NAME} <zoe@cafelodz.example>`,
      'Sent Nov 24, 2026',
      'Valid until Dec 31, 2026',
    ]) {
      expect(first).toContain(squash(text));
    }

    const body = pages
      .slice(0, -1)
      .map((page) => squash(page.texts))
      .join('');
    const order = (texts: string[]) => texts.map((text) => body.indexOf(squash(text)));

    // 2. The introduction: Markdown drawn, links spelled out, HTML as text, images as their alt text.
    expect(body).toContain(squash('Why we are proposing this'));
    expect(body).toContain(
      squash('Thanks for talking to us about Café Łódź & Sons. This proposal covers a new website'),
    );
    expect(body).toContain(squash('• Hosting, backups and TLS certificates'));
    expect(body).toContain(squash('◦daily backups kept for 30 days'));
    expect(body).toContain(squash('2.Design and two rounds of revisions'));
    expect(body).toContain(
      squash('See our portfolio (https://firststatewebstudio.com/work), this (javascript:alert(1)) or write to'),
    );
    expect(body).toContain(squash('<script>alert("x")</script>'));
    expect(body).toContain(squash('Wireframe of the home page'));
    expect(pdf.toString('latin1')).not.toContain('cdn.example.com');

    // 3–5. Items, totals and terms, in that order.
    const positions = order([
      'Why we are proposing this',
      'Description Qty Unit price Amount Billing',
      'Staff training (one hour, remote)',
      'One-off subtotal $6,550.00',
      'Terms of Service, version 2026-11-21',
      'Governing law and disputes',
      'Additional terms',
      'Launch is planned for February 2027.',
    ]);
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    for (const item of ITEMS) expect(body).toContain(squash(item.description));
    expect(body).toContain(squash('Copywriting for the home page1$600.00$600.00One-offIncluded (chosen)'));
    expect(body).toContain(squash('Photography session (half day, on site)1$850.00$850.00One-offNot chosen'));
    expect(body).toContain(squash('Security monitoring1$49.00$49.00MonthlyIncluded (chosen)'));
    expect(body).toContain(squash('Extra mailboxes (each)3$6.00$18.00MonthlyNot chosen'));
    expect(body).toContain(squash('Discount−$250.00'));
    expect(body).toContain(squash('One-off total$6,300.00'));
    expect(body).toContain(squash('Monthly total$148.00 per month'));
    expect(body).toContain(squash('Deposit (30% of the one-off total)$1,890.00'));
    expect(body).toContain(squash('Terms of Service (https://firststatewebstudio.com/terms-of-service)'));

    // 6. The certificate: a page of its own, the hashes in full, the signer's evidence.
    const certificate = pages.at(-1)!;
    expect(certificate.texts[0]).toBe('Certificate of signature');
    const cert = squash(certificate.texts);
    for (const text of [
      'AgreementAGR-9F8E7D6C',
      `Agreement ID${AGREEMENT_ID}`,
      `Document SHA-256${HASH}`,
      `Offered document SHA-256${OFFERED_HASH}`,
      `Name as typed${SIGNER_NAME}`,
      'Emailzoe@cafelodz.example',
      'RoleOwner',
      'Signed atDec 1, 2026 at 3:04 PM EST',
      'IP address203.0.113.45',
      'User agentMozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1',
      'E-sign consentesign-2026-12: Consent to sign electronically',
      'Drawn signature',
      'Check this document at https://firststatewebstudio.com/verify: upload this PDF to confirm it is unchanged.',
    ]) {
      expect(cert).toContain(squash(text));
    }
    // The hash is drawn in Courier, a standard font: its text is in the page as it is.
    expect(certificate.content).toMatch(/\/F\d+ [\d.]+ Tf/);
    expect(certificate.courierText).toContain(HASH);
    // The drawing, in the viewBox's units: S and T reflect the last control point, and a quadratic
    // curve becomes its exact cubic (control points two thirds of the way to the quadratic's).
    for (const op of [
      '130 240 160 60 190 120 c',
      '213.333333 90 226.666667 90 240 130 c',
      '253.333333 170 266.666667 170 280 130 c',
      '370 150 l\n370 130 l\n375 130 l\n375 150 l',
      '440 150 470 150 480 120 c',
      '533.333333 123.333333 546.666667 123.333333 560 110 c',
      '580 90 l\nh\nS',
    ]) {
      expect(certificate.content).toContain(op);
    }
    expect(certificate.content).not.toMatch(/ v\n/);
    expect(body).not.toContain(HASH);

    // 7. Every page's footer.
    pages.forEach((page, index) => {
      expect(squash(page.texts)).toContain(squash(`Agreement AGR-9F8E7D6CPage ${index + 1} of ${pages.length}`));
    });

    // Links: only http(s) and mailto are clickable.
    expect(new Set(parsed.links)).toEqual(
      new Set([
        'https://firststatewebstudio.com/work',
        'mailto:hello@firststatewebstudio.com',
        'https://firststatewebstudio.com/terms-of-service',
        'https://firststatewebstudio.com/verify',
      ]),
    );
    expect(pdf.toString('latin1')).not.toMatch(/\/JavaScript|\/JS\b|\/Launch/);

    expect(parsed.info).toEqual({
      Producer: 'PDFKit',
      Creator: 'PDFKit',
      CreationDate: 'D:20261201200405Z',
      Title: 'Website redesign and care plan for Café Łódź & Sons',
      Author: 'First State Web Studio LLC',
      Subject: 'Agreement AGR-9F8E7D6C',
      Keywords: `agreement:${AGREEMENT_ID}`,
    });
  });

  it('gives the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([renderAgreementPdf(agreement()), renderAgreementPdf(agreement())]);
    expect(a.equals(b)).toBe(true);
  });

  it('repeats the table header on each page the items reach', async () => {
    const items = Array.from({ length: 80 }, (_, index) => ({
      ...ITEMS[index % ITEMS.length]!,
      description: `Item ${index + 1}: ${index % 5 === 0 ? LONG_DESCRIPTION : 'a line of work'}`,
    }));
    const { pages } = parsePdf(await renderAgreementPdf(agreement({ items })));
    const tablePages = pages.filter((page) => page.texts.some((text) => /^Item \d+: /.test(text)));
    expect(tablePages.length).toBeGreaterThanOrEqual(3);
    for (const page of tablePages)
      expect(squash(page.texts)).toContain(squash('Description Qty Unit price Amount Billing'));
    const all = pages.map((page) => squash(page.texts)).join('');
    for (let n = 1; n <= 80; n++) expect(all).toContain(squash(`Item ${n}: `));
  });

  it('keeps the largest amounts the limits allow on one line, in the table and the totals', async () => {
    const items: ProposalItem[] = [
      { description: 'Everything', quantity: 10_000, unitPriceCents: 100_000_000, recurring: null, optional: false },
      {
        description: 'Every month',
        quantity: 10_000,
        unitPriceCents: 100_000_000,
        recurring: 'monthly',
        optional: false,
      },
    ];
    const { pages } = parsePdf(await renderAgreementPdf(agreement({ items })));
    const texts = pages.flatMap((page) => page.texts);
    expect(texts).toContain('10,000');
    expect(texts).toContain('$1,000,000.00');
    // Both lines' amounts and the one-off subtotal; the total is less the $250.00 discount.
    expect(texts.filter((text) => text === '$10,000,000,000.00').length).toBe(3);
    expect(texts).toContain('$9,999,999,750.00');
    expect(texts).toContain('$10,000,000,000.00 per month');
  });

  it('lists every signer, in the time zone given, with or without a drawn signature', async () => {
    const second: SignerRecord = {
      ...SIGNER,
      name: 'Nguyễn Thị Minh Khai',
      email: 'minh@cafelodz.example',
      role: 'Manager',
      signedAt: '2026-07-04T16:30:00.000Z',
      consentVersion: 'esign-1999-01',
      signatureSvg: null,
    };
    const { pages } = parsePdf(
      await renderAgreementPdf(agreement({ signers: [SIGNER, second], timeZone: 'America/Los_Angeles' })),
    );
    const cert = pages
      .slice(pages.findIndex((page) => page.texts[0] === 'Certificate of signature'))
      .map((page) => squash(page.texts))
      .join('');
    expect(cert).toContain(squash('Signer 1'));
    expect(cert).toContain(squash('Signed atDec 1, 2026 at 12:04 PM PST'));
    expect(cert).toContain(squash('Signer 2'));
    expect(cert).toContain(squash('Name as typedNguyễn Thị Minh Khai'));
    expect(cert).toContain(squash('Signed atJul 4, 2026 at 9:30 AM PDT'));
    expect(cert).toContain(squash('Drawn signatureNone: signed with the typed name'));
    expect(cert).toContain(squash('esign-1999-01 (a disclosure version this site does not know)'));
  });

  it('rejects an agreement without a signer, an unknown time zone and a signature in another format', async () => {
    await expect(renderAgreementPdf(agreement({ signers: [] }))).rejects.toThrow(RangeError);
    await expect(renderAgreementPdf(agreement({ timeZone: 'Mars/Olympus_Mons' }))).rejects.toThrow(RangeError);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 A 5 5 0 0 1 10 10"/></svg>';
    await expect(renderAgreementPdf(agreement({ signers: [{ ...SIGNER, signatureSvg: svg }] }))).rejects.toThrow(
      'normalized SVG',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// A small reader of the PDFs pdfkit writes (classic xref table, Flate streams, Type0 fonts with a
// ToUnicode CMap, standard fonts in WinAnsi): enough to read back the text, links and metadata.

interface ParsedPage {
  /** Each text operator's string (TJ/Tj), decoded, in drawing order. */
  texts: string[];
  /** The strings drawn in a standard font (Courier), joined. */
  courierText: string;
  /** The page's content stream, inflated. */
  content: string;
}

interface ParsedPdf {
  pages: ParsedPage[];
  /** Every link annotation's URI. */
  links: string[];
  info: Record<string, string>;
}

function parsePdf(pdf: Buffer): ParsedPdf {
  const latin = pdf.toString('latin1');
  const startXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(latin)?.[1]);
  const xref = /^xref\s+0 (\d+)\s+/.exec(latin.slice(startXref));
  if (!xref) throw new Error('No xref table');
  const entries = latin
    .slice(startXref + xref[0].length)
    .split(/\r?\n/)
    .slice(0, Number(xref[1]));
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  entries.forEach((entry, num) => {
    const [offset, , kind] = entry.trim().split(/\s+/);
    if (kind !== 'n') return;
    const start = Number(offset);
    const head = new RegExp(`^${num} 0 obj\\s*`).exec(latin.slice(start, start + 40));
    if (!head) throw new Error(`Object ${num} is not at its offset`);
    const bodyStart = start + head[0].length;
    const streamAt = latin.indexOf('stream', bodyStart);
    const endAt = latin.indexOf('endobj', bodyStart);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = latin.slice(bodyStart, streamAt);
      const dataStart = streamAt + 'stream'.length + (latin[streamAt + 6] === '\r' ? 2 : 1);
      const raw = pdf.subarray(dataStart, dataStart + Number(/\/Length (\d+)/.exec(dict)?.[1]));
      objects.set(num, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
    } else {
      objects.set(num, { dict: latin.slice(bodyStart, endAt) });
    }
  });
  const get = (num: number) => {
    const object = objects.get(num);
    if (!object) throw new Error(`No object ${num}`);
    return object;
  };
  const ref = (dict: string, key: string) => {
    const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
    if (!match) throw new Error(`No /${key} in ${dict}`);
    return Number(match[1]);
  };

  const trailer = latin.slice(latin.lastIndexOf('trailer'));
  const info: Record<string, string> = {};
  for (const [, key, num] of get(ref(trailer, 'Info')).dict.matchAll(/\/(\w+) (\d+) 0 R/g)) {
    info[key!] = pdfString(get(Number(num)).dict.trim());
  }

  const cmaps = new Map<number, Map<number, string> | null>();
  const cmapOf = (font: number) => {
    if (!cmaps.has(font)) {
      const dict = get(font).dict;
      cmaps.set(
        font,
        dict.includes('/ToUnicode') ? parseCmap(get(ref(dict, 'ToUnicode')).stream!.toString('latin1')) : null,
      );
    }
    return cmaps.get(font)!;
  };

  const links: string[] = [];
  const kids = /\/Kids \[([^\]]*)\]/.exec(get(ref(get(ref(trailer, 'Root')).dict, 'Pages')).dict)?.[1] ?? '';
  const pages = [...kids.matchAll(/(\d+) 0 R/g)].map(([, num]): ParsedPage => {
    const page = get(Number(num)).dict;
    for (const [, annot] of (/\/Annots \[([^\]]*)\]/.exec(page)?.[1] ?? '').matchAll(/(\d+) 0 R/g)) {
      const action = get(ref(get(Number(annot)).dict, 'A')).dict;
      links.push(pdfString(/\/URI (\((?:[^\\)]|\\.)*\))/.exec(action)![1]!));
    }
    const resources = get(ref(page, 'Resources')).dict;
    const fonts = new Map(
      [...(/\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\S+) (\d+) 0 R/g)].map(([, name, font]) => [
        name!,
        Number(font),
      ]),
    );
    const content = get(ref(page, 'Contents')).stream!.toString('latin1');
    const texts: string[] = [];
    let courierText = '';
    let cmap: Map<number, string> | null = null;
    for (const [, font, array, single] of content.matchAll(/\/(\S+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/gi)) {
      if (font !== undefined) {
        cmap = cmapOf(fonts.get(font)!);
        continue;
      }
      const hexes = array !== undefined ? [...array.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]!) : [single!];
      const text = hexes.map((hex) => decodeText(hex, cmap)).join('');
      texts.push(text);
      if (!cmap) courierText += text;
    }
    return { texts, courierText, content };
  });
  return { pages, links, info };
}

/** A literal string `(…)` with its escapes → text (UTF-16BE after a byte order mark, else Latin-1). */
function pdfString(literal: string): string {
  const bytes: number[] = [];
  const body = literal.slice(1, -1);
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
  for (let i = 0; i < body.length; i++) {
    let char = body.charCodeAt(i);
    if (body[i] === '\\') {
      const next = body[++i]!;
      const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
      if (octal) {
        char = parseInt(octal, 8);
        i += octal.length - 1;
      } else char = escapes[next] ?? next.charCodeAt(0);
    }
    bytes.push(char);
  }
  const buffer = Buffer.from(bytes);
  return buffer[0] === 0xfe && buffer[1] === 0xff
    ? buffer.subarray(2).swap16().toString('utf16le')
    : buffer.toString('latin1');
}

/** Hex codes → text: 2-byte glyph ids through the font's ToUnicode map, or 1-byte WinAnsi (ASCII here). */
function decodeText(hex: string, cmap: Map<number, string> | null): string {
  if (!cmap) return Buffer.from(hex, 'hex').toString('latin1');
  let text = '';
  for (let i = 0; i < hex.length; i += 4) text += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\ufffd';
  return text;
}

/** A ToUnicode CMap's bfchar and bfrange entries: code → text. */
function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi))
      map.set(parseInt(code!, 16), utf16(text!));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, target] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const from = parseInt(low!, 16);
      if (target!.startsWith('[')) {
        [...target!.matchAll(/<([0-9a-f]+)>/gi)].forEach(([, text], i) => map.set(from + i, utf16(text!)));
      } else {
        const base = parseInt(target!.slice(1, -1), 16);
        for (let code = from; code <= parseInt(high!, 16); code++)
          map.set(code, String.fromCodePoint(base + code - from));
      }
    }
  }
  return map;
}
