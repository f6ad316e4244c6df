/**
 * One server process that dies by SIGKILL while booking a call, as `kill -9` would
 * (tests/integration/booking-crash.test.ts): it serves the app over the database at DATABASE_URL
 * and sends it one `POST /api/bookings` with BODY and the Idempotency-Key KEY. MODE
 * `before-commit` kills it inside the booking's write (nothing of the booking may be stored),
 * `after-commit` once that write committed and before the answer (the visitor's form sends the
 * request again). If the request is answered without reaching that write, the answer is
 * printed as `answered {status} {body}` and the process exits normally, which the test reports.
 */
import { bookings } from '../../db/schema/index.ts';
import { createApp } from '../../src/server/app.ts';
import { assembleProcess } from '../../src/server/assembly.ts';
import { parseEnv } from '../../src/server/env/index.ts';
import { openDatabaseHandle } from '../support/database.ts';
import { dyingAtWriteTo } from '../support/dying-writes.ts';

const env = parseEnv({ ...process.env, NODE_ENV: 'test' });
const handle = await openDatabaseHandle(env.DATABASE_URL);
const moment = process.env.MODE === 'before-commit' ? 'before-commit' : 'after-commit';
const parts = await assembleProcess(env, { db: dyingAtWriteTo(handle.db, bookings, moment) });
const app = createApp(parts.deps());
const answer = await app.request(
  '/api/bookings',
  {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': process.env.KEY ?? '' },
    body: process.env.BODY ?? '',
  },
  { clientAddress: '203.0.113.250' },
);
process.stdout.write(`answered ${answer.status} ${await answer.text()}\n`);
process.exit(0);
