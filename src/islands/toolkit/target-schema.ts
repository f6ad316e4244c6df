/**
 * The toolkit's target form (docs/product.md#toolkit): a domain and the authorization box. The
 * box is checked first, then the domain, cleaned up by `normalizeDomain` (src/shared/toolkit.ts:
 * scheme and one trailing slash removed, lower-cased, punycode, a real hostname). What is told in
 * a toast rather than under a field is reported under react-hook-form's `root`:
 * `root.authorization` without the box ticked, `root.domainRequired` with nothing typed; a
 * domain that is not a hostname is reported on `domain`. The output is the cleaned-up domain.
 */
import { normalizeDomain } from '../../shared/toolkit.ts';
import { z } from '../../shared/zod.ts';

export const AUTHORIZATION_REQUIRED = 'Please confirm you have authorization to test this domain.';
export const DOMAIN_REQUIRED = 'Please enter a target domain.';
export const INVALID_DOMAIN =
  'Enter a domain name such as example.com: letters, digits, dots and hyphens only (no path, port or spaces).';

export const targetSchema = z
  .object({ domain: z.string(), consent: z.boolean() })
  .transform(({ domain, consent }, ctx) => {
    if (!consent) {
      ctx.addIssue({ code: 'custom', path: ['root', 'authorization'], message: AUTHORIZATION_REQUIRED });
      return z.NEVER;
    }
    const result = normalizeDomain(domain);
    if (result.ok) return { domain: result.domain };
    if (result.reason === 'empty') {
      ctx.addIssue({ code: 'custom', path: ['root', 'domainRequired'], message: DOMAIN_REQUIRED });
    } else {
      ctx.addIssue({ code: 'custom', path: ['domain'], message: INVALID_DOMAIN });
    }
    return z.NEVER;
  });

export type TargetInput = z.input<typeof targetSchema>;
