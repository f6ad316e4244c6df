/**
 * The SMTP door of email replies (docs/product.md#email-replies): with INBOUND_SMTP_PORT set, the
 * server listens for mail to `reply+<token>@<INBOUND_DOMAIN>` (an MX record points at it), offers
 * STARTTLS when INBOUND_TLS_CERT_FILE and INBOUND_TLS_KEY_FILE are set, refuses a message over
 * INBOUND_MAX_BYTES (552), and answers 250 only once the pipeline (receive.ts) has stored what
 * became of the message, so a message the sending server saw accepted survives a `kill -9`.
 */
import { readFileSync } from 'node:fs';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { log } from '../../log.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { inboundDeps, type DnsResolver } from './inbound-deps.ts';
import { receiveEmail } from './receive.ts';
import { startSmtpListener } from './smtp-listener.ts';

/**
 * Starts the listener when `env` asks for one; resolves with it (`port`, `close()`), or null
 * without INBOUND_SMTP_PORT. Rejects when the port cannot be bound or a TLS file cannot be read.
 */
export async function startSmtpDoor(parts: {
  db: Database;
  storage: FileStorage;
  env: Env;
  inboundDns?: DnsResolver;
}): Promise<{ port: number; close(): Promise<void> } | null> {
  const { env } = parts;
  if (env.INBOUND_SMTP_PORT === undefined || !env.INBOUND_DOMAIN) return null;
  const tls =
    env.INBOUND_TLS_CERT_FILE && env.INBOUND_TLS_KEY_FILE
      ? { cert: readFileSync(env.INBOUND_TLS_CERT_FILE), key: readFileSync(env.INBOUND_TLS_KEY_FILE) }
      : undefined;
  const pipeline = inboundDeps(parts);
  const listener = await startSmtpListener({
    port: env.INBOUND_SMTP_PORT,
    host: env.INBOUND_SMTP_HOST,
    domain: env.INBOUND_DOMAIN,
    maxBytes: env.INBOUND_MAX_BYTES,
    ...(tls ? { tls } : {}),
    receive: (raw, envelope) => receiveEmail(pipeline, raw, { door: 'smtp', envelope }),
    onError: (error) => log.error({ component: 'inbound', err: error }, 'an inbound email could not be stored'),
  });
  log.info(`Receiving email replies on SMTP port ${listener.port}${tls ? ' (STARTTLS)' : ''}`);
  return listener;
}
