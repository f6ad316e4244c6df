/**
 * One server process that dies by SIGKILL while handling a Stripe webhook, as `kill -9` would
 * (tests/integration/stripe-payments.test.ts): it verifies BODY with SIGNATURE and SECRET as the
 * route does, then handles the event on the database at DATABASE_URL and kills itself, with MODE
 * `before-commit` inside the event's write (nothing may be recorded) or `after-commit` once the
 * write committed but before any answer (Stripe would deliver it again).
 */
import Stripe from 'stripe';
import { parseEnv } from '../../src/server/env/index.ts';
import { handleStripeEvent } from '../../src/server/services/invoices/stripe-events.ts';
import { openDatabaseHandle } from '../support/database.ts';
import { die, dyingBeforeCommit } from '../support/dying-writes.ts';

const env = parseEnv({ ...process.env, NODE_ENV: 'test' });
const handle = await openDatabaseHandle(env.DATABASE_URL);
const event = new Stripe('sk_test_worker').webhooks.constructEvent(
  process.env.BODY ?? '',
  process.env.SIGNATURE ?? '',
  process.env.SECRET ?? '',
  300,
);
const db = dyingBeforeCommit(handle.db, process.env.MODE === 'before-commit');
await handleStripeEvent({ db, env, teamTo: [] }, event);
die();
