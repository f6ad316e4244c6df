/**
 * What the email-reply pipeline (receive.ts) runs on in this process: the database, the storage,
 * the settings, and DMARC checked over DNS (dmarc.ts), or over the fixed answers a test gives.
 */
import type { Database } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { checkDmarc } from './dmarc.ts';
import type { InboundDeps } from './types.ts';

/** A DNS lookup as mailauth calls it: `(name, rrtype)` → the records (tests answer from a table). */
export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;

/** The pipeline's dependencies from the process's parts; `resolver` replaces DNS (tests only). */
export function inboundDeps(parts: {
  db: Database;
  storage: FileStorage;
  env: Env;
  inboundDns?: DnsResolver | undefined;
}): InboundDeps {
  const { db, storage, env } = parts;
  return {
    db,
    storage,
    env,
    dmarc: (raw, source) =>
      checkDmarc(raw, {
        ip: source.envelope?.remoteAddress ?? '0.0.0.0',
        helo: source.envelope?.heloName ?? '',
        mailFrom: source.envelope?.mailFrom ?? '',
        mta: env.INBOUND_DOMAIN ?? 'localhost',
        ...(parts.inboundDns ? { resolver: parts.inboundDns } : {}),
      }),
  };
}
