/**
 * Which addresses the website audit may fetch (OWASP Server-Side Request Forgery Prevention
 * Cheat Sheet; docs/product.md#audit-fetch): the refusals and their messages, and the check of a
 * URL's scheme, port and resolved addresses before each request.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type RefusalCode =
  | 'scheme'
  | 'port'
  | 'private_address'
  | 'not_found'
  | 'timeout'
  | 'too_large'
  | 'not_html'
  | 'too_many_redirects'
  | 'http_error'
  | 'unreachable';

/** A target the audit will not (or could not) fetch; `message` is shown to the visitor. */
export class FetchRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export const PRIVATE_MESSAGE = 'This address points to a private or reserved network, so it cannot be audited.';

/** For a domain name that does not exist: the visitor may have mistyped it. */
const NOT_FOUND_MESSAGE = 'We could not find that website. Please check the address.';

/**
 * For a well-formed address whose site did not answer (no address in DNS, the connection refused
 * or reset): the address is fine, the site is down or unreachable.
 */
export const UNREACHABLE_MESSAGE = 'The website could not be reached. It may be down; please try again later.';

/**
 * The refusal for a failed name look-up: a name that does not exist (`ENOTFOUND`, NXDOMAIN) is
 * `not_found` ("check the address"); a name that exists without an address, or a DNS server that
 * did not answer (`ENODATA`, `EAI_AGAIN`, `ETIMEOUT`, `ESERVFAIL`…), is `unreachable`.
 */
export function lookupRefusal(error: unknown): FetchRefused {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOTFOUND'
    ? new FetchRefused('not_found', NOT_FOUND_MESSAGE)
    : new FetchRefused('unreachable', UNREACHABLE_MESSAGE);
}

const systemResolve = async (hostname: string) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** True when `address` is a public unicast address (or loopback, when allowed). */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/**
 * Refuses a target the audit must not reach: another scheme than http or https, a user name in
 * the URL, a port other than the standard ones, a host that does not resolve (`not_found` for a
 * name that does not exist, `unreachable` for one without an address or a DNS failure), or any
 * address that is not public unicast. Throws FetchRefused; resolves when the target may be fetched.
 */
export async function checkTarget(
  url: URL,
  options: { allowLoopback?: boolean; resolve?: (hostname: string) => Promise<string[]> },
): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused('scheme', 'Only http and https addresses can be audited.');
  }
  if (url.username || url.password) throw new FetchRefused('scheme', 'Addresses with a user name cannot be audited.');
  if (!options.allowLoopback && url.port !== '') {
    throw new FetchRefused('port', 'Only websites on the standard ports (80 and 443) can be audited.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch (error) {
      throw lookupRefusal(error);
    }
    // The name exists but has no address: the site cannot be reached, the address is not wrong.
    if (addresses.length === 0) throw new FetchRefused('unreachable', UNREACHABLE_MESSAGE);
  }
  if (!addresses.every((a) => isPublicAddress(a, options.allowLoopback))) {
    throw new FetchRefused('private_address', PRIVATE_MESSAGE);
  }
}
