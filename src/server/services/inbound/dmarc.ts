/**
 * The DMARC check of a received email (RFC 7489; docs/product.md#email-replies), the `strict`
 * mode of INBOUND_VERIFY: does the domain of the From header vouch for this message? mailauth
 * verifies the DKIM signatures (RFC 6376) and SPF (RFC 7208, for the SMTP client's IP, HELO
 * and MAIL FROM), then DMARC: `pass` when an SPF-passing MAIL FROM domain or a DKIM-passing
 * signing domain is aligned with the From domain (the same organizational domain).
 *
 * Only `pass` passes. A From domain that publishes no DMARC record gives `none`, which here is
 * NOT a pass: strict mode requires alignment, and without a record nothing says that an SPF or
 * DKIM result speaks for the From address, so anyone could write that From. ARC and BIMI are
 * not evaluated (neither changes the verdict), which also saves their DNS lookups.
 */
import { authenticate, type DNSResolver } from 'mailauth';

/** A DNS lookup as mailauth calls it: `(name, rrtype)` → the records, or throws (code ENOTFOUND/ENODATA for none). */
type Resolver = (name: string, rrtype: string) => Promise<unknown>;

/** What the SMTP client said and who checks. */
interface DmarcInput {
  /** The SMTP client's IP address (SPF). */
  ip: string;
  /** The name from HELO/EHLO (SPF when MAIL FROM is empty). */
  helo: string;
  /** MAIL FROM's address, '' for the null sender (SPF). */
  mailFrom: string;
  /** This server's name, as written in the Authentication-Results mailauth builds. */
  mta: string;
  /** Replaces DNS (tests answer from a table); the system's resolver when absent. */
  resolver?: Resolver;
}

/** The verdict. */
interface DmarcVerdict {
  /** True only when DMARC's result is `pass`. */
  pass: boolean;
  /**
   * DMARC's result as mailauth gives it: `pass`, `fail`, `none` (no DMARC record), `temperror`
   * (a DNS failure while fetching the record); or `error`: the message could not be checked
   * (not a message, or not exactly one From address).
   */
  result: string;
  /** The From header's address, when there is exactly one; else null. */
  headerFrom: string | null;
}

/**
 * Checks the raw message `raw` (RFC 5322 bytes) against DMARC for its From domain, with the SMTP
 * facts of `input`. Resolves with the verdict; never rejects: a message mailauth cannot read
 * gives `{ pass: false, result: 'error' }`.
 */
export async function checkDmarc(raw: Buffer, input: DmarcInput): Promise<DmarcVerdict> {
  try {
    const result = await authenticate(raw, {
      ip: input.ip,
      helo: input.helo,
      sender: input.mailFrom,
      mta: input.mta,
      disableArc: true,
      disableBimi: true,
      ...(input.resolver ? { resolver: input.resolver as DNSResolver } : {}),
    });
    const from = result.dkim.headerFrom;
    const headerFrom = from.length === 1 && from[0] ? from[0] : null;
    // mailauth runs no DMARC check (dmarc: false) without exactly one From address.
    if (!result.dmarc || headerFrom === null) return { pass: false, result: 'error', headerFrom };
    const verdict = result.dmarc.status.result;
    return { pass: verdict === 'pass', result: verdict, headerFrom };
  } catch {
    return { pass: false, result: 'error', headerFrom: null };
  }
}
