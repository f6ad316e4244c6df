/**
 * One process spending single-use tokens in the database at DATABASE_URL, as a second server
 * would (tests/integration/single-use-tokens.test.ts starts two at once). TOKENS is a JSON list of
 * `[purpose, token]`; START_AT (epoch milliseconds) lines the processes up. Prints a JSON list of
 * whether each token was spent by this process.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SingleUsePurpose } from '../../db/schema/index.ts';
import { spendToken } from '../../src/server/services/single-use-tokens.ts';
import { openDatabaseHandle } from '../support/database.ts';

const tokens = JSON.parse(process.env.TOKENS ?? '[]') as [SingleUsePurpose, string][];
const handle = await openDatabaseHandle(process.env.DATABASE_URL ?? '');
try {
  await sleep(Math.max(0, Number(process.env.START_AT ?? 0) - Date.now()));
  const spent = await Promise.all(tokens.map(([purpose, token]) => spendToken(handle.db, purpose, token)));
  process.stdout.write(JSON.stringify(spent.map((row) => row !== null)));
} finally {
  handle.client.close();
}
