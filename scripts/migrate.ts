/**
 * `npm run db:migrate`: applies db/migrations to DATABASE_URL (default file:db/data/app.db).
 * The server entry does the same at start-up; this is for `npm run dev` and operators.
 */
import { join } from 'node:path';
import { migrateDatabase, openDatabase, PATIENT_WRITES } from '../src/server/db/database.ts';
import { loadEnv } from '../src/server/env/index.ts';

const env = loadEnv();
const db = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, PATIENT_WRITES);
await migrateDatabase(db, join(import.meta.dirname, '..', 'db', 'migrations'));
db.close();
console.log(`Database at ${env.DATABASE_URL} is up to date.`);
