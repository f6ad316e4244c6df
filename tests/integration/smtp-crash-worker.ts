/**
 * One server process whose SMTP door dies by SIGKILL while taking an email reply, as `kill -9`
 * would (tests/integration/email-replies-crash.test.ts): it listens on a free loopback port
 * (printed as `port {n}`) with the pipeline over the database at DATABASE_URL, and kills itself
 * with MODE `before-commit` inside the reply's write (nothing may be stored), or `after-commit`
 * once the write committed but before the `250` (the sending server must deliver it again).
 */
import { parseEnv } from '../../src/server/env/index.ts';
import { inboundDeps } from '../../src/server/services/inbound/inbound-deps.ts';
import { receiveEmail } from '../../src/server/services/inbound/receive.ts';
import { startSmtpListener } from '../../src/server/services/inbound/smtp-listener.ts';
import { createStorage } from '../../src/server/storage/storage.ts';
import { openDatabaseHandle } from '../support/database.ts';
import { die, dyingBeforeCommit } from '../support/dying-writes.ts';

const env = parseEnv({ ...process.env, NODE_ENV: 'test' });
const handle = await openDatabaseHandle(env.DATABASE_URL);
const db = dyingBeforeCommit(handle.db, process.env.MODE === 'before-commit');
const storage = await createStorage(env);
const pipeline = inboundDeps({ db, storage, env });
const listener = await startSmtpListener({
  port: 0,
  host: '127.0.0.1',
  domain: env.INBOUND_DOMAIN!,
  maxBytes: env.INBOUND_MAX_BYTES,
  reverseLookup: false,
  receive: async (raw, envelope) => {
    const outcome = await receiveEmail(pipeline, raw, { door: 'smtp', envelope });
    die();
    return outcome;
  },
});
process.stdout.write(`port ${listener.port}\n`);
