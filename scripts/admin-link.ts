/**
 * `npm run admin:link -- someone@agency.com`: prints a single-use sign-in link for the admin
 * dashboard, valid for 15 minutes, for an email listed in ADMIN_EMAILS
 * (docs/product.md#admin-sign-in). For a newcomer, and for a team without Google sign-in yet.
 * The token travels in the URL fragment, which browsers never send to a server.
 */
import { join } from 'node:path';
import { migrateDatabase, openDatabase, PATIENT_WRITES } from '../src/server/db/database.ts';
import { loadEnv } from '../src/server/env/index.ts';
import { createSignInLink } from '../src/server/services/sign-in/sign-in-links.ts';

const email = process.argv[2]?.trim().toLowerCase();
const env = loadEnv();
if (!email) {
  console.error('Usage: npm run admin:link -- someone@agency.com');
  process.exit(2);
}
if (!env.ADMIN_EMAILS.includes(email)) {
  console.error(`${email} is not in ADMIN_EMAILS (${env.ADMIN_EMAILS.join(', ') || 'empty'}). Add it there first.`);
  process.exit(1);
}
const db = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, PATIENT_WRITES);
await migrateDatabase(db, join(import.meta.dirname, '..', 'db', 'migrations'));
const token = await createSignInLink(db, email);
db.close();
console.log(
  `Sign-in link for ${email} (works once, for 15 minutes):\n${new URL(`/admin/login#link=${token}`, env.SITE_URL).href}`,
);
