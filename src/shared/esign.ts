/**
 * The consumer disclosure shown before a client signs electronically (docs/product.md#agreements):
 * what the ESIGN Act (15 U.S.C. § 7001(c)) asks a business to tell a consumer before electronic
 * records and signatures take the place of paper, and what UETA (adopted in Delaware as 6 Del. C.
 * ch. 12A) relies on: the right to paper, to withdraw consent and how, what the consent covers,
 * how to update contact details, and what is needed to open and keep the records.
 *
 * Each text has a version; the signing screen shows the last one and the agreement records the
 * version consented to. A changed text gets a new version; old ones stay listed so that an old
 * agreement still names the words it was signed under.
 */
import { company } from './company.ts';

export interface EsignDisclosure {
  version: string;
  title: string;
  /** Paragraphs, in order. */
  paragraphs: readonly string[];
  /** The words of the consent checkbox. */
  consent: string;
}

/** Every version, oldest first; the last is the one shown now. */
const ESIGN_DISCLOSURES: readonly EsignDisclosure[] = [
  {
    version: 'esign-2026-12',
    title: 'Consent to sign electronically',
    paragraphs: [
      `${company.legalName} would like to give you this proposal, the agreement it becomes and the records about it electronically, and to take your signature electronically. You do not have to agree: you may ask for a paper copy to sign instead, at no charge, by writing to ${company.email} or calling ${company.phoneDisplay}.`,
      'Your consent covers this proposal, the agreement it becomes once signed, and the notices and records about it. It does not cover anything else.',
      `You may withdraw your consent at any time before you sign by writing to ${company.email}; after signing, withdrawing it does not undo the signature, but we will send any later records about this agreement on paper. There is no fee for withdrawing or for paper copies.`,
      'To sign and keep these records you need a current web browser, an email address that can receive our messages, and a program that opens PDF files. Once signed, the agreement is emailed to you as a PDF and stays in your client portal; you can download or print it at any time.',
      `If your email address changes, update it in your portal's Settings or tell us at ${company.email}.`,
    ],
    consent:
      'I have read this disclosure, I can open and keep PDF documents, and I agree to use electronic records and to sign electronically.',
  },
];

/** The disclosure shown now. */
export function currentEsignDisclosure(): EsignDisclosure {
  return ESIGN_DISCLOSURES[ESIGN_DISCLOSURES.length - 1]!;
}

/** The disclosure of `version`, or undefined for a version never shown. */
export function esignDisclosureAt(version: string): EsignDisclosure | undefined {
  return ESIGN_DISCLOSURES.find((d) => d.version === version);
}
