/**
 * The environment's settings of email replies (docs/product.md#email-replies): the domain of the
 * reply addresses, the inbound door's secret, the built-in SMTP listener and how a sender is
 * checked. Without `INBOUND_DOMAIN` no email carries a reply address and nothing is received.
 */
import { z } from 'zod';
import { optionalString } from './fields.ts';

/** The largest inbound message, in bytes (30 MB: a few phone photos; providers' limits are 25–40 MB). */
const DEFAULT_INBOUND_MAX_BYTES = 30 * 1024 * 1024;

export const inboundEnv = {
  /** The domain of reply addresses `reply+<token>@<INBOUND_DOMAIN>` (its MX points at this server or a provider). */
  INBOUND_DOMAIN: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, { error: 'must be a domain name such as reply.example.com' })
      .transform((v) => v.toLowerCase())
      .optional(),
  ),
  /** The bearer secret an email provider's inbound forwarding sends to `POST /api/inbound/email`. */
  INBOUND_SECRET: optionalString.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  /** The port of the built-in SMTP listener (25 behind an MX record); unset, no listener. */
  INBOUND_SMTP_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65_535).optional()),
  /** The address the SMTP listener binds to. */
  INBOUND_SMTP_HOST: z.string().trim().min(1).default('0.0.0.0'),
  /** PEM files of the listener's certificate and key: with both, STARTTLS is offered. */
  INBOUND_TLS_CERT_FILE: optionalString,
  INBOUND_TLS_KEY_FILE: optionalString,
  /**
   * `strict`: the sender must be the address's recipient and the message must pass DMARC;
   * `sender`: the recipient's address alone. Unset: strict when the SMTP listener runs.
   */
  INBOUND_VERIFY: z.enum(['strict', 'sender']).optional(),
  /** The largest inbound message in bytes; a larger one gets 413 (HTTP) or 552 (SMTP). */
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(200 * 1024 * 1024)
    .default(DEFAULT_INBOUND_MAX_BYTES),
};
