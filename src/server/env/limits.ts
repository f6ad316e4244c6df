/**
 * The environment's rate limits (docs/product.md#limits) of website audits, leads and sign-in,
 * and the audit's test-only loopback switch.
 */
import { z } from 'zod';
import { booleanFlag } from './fields.ts';

export const limitsEnv = {
  /** Leads' website audits per client address per 10 minutes (docs/product.md#limits). */
  AUDIT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Tests only: lets the audit fetch loopback addresses (fixture sites on 127.0.0.1). Refused
   * unless NODE_ENV is 'test', so a production server can never be pointed at itself.
   */
  AUDIT_ALLOW_LOOPBACK: booleanFlag,
  /** Leads accepted per client address per 10 minutes (docs/product.md#limits). */
  LEAD_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * Sign-in, registration and reset attempts per address, and per email, per 15 minutes
   * (docs/product.md#limits).
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
};
