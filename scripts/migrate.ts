/**
 * `npm run db:migrate`: applies db/migrations to DATABASE_URL (default file:db/data/app.db).
 * The server entry does the same at start-up; this is for `npm run dev` and operators.
 */
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../src/server/services/db.ts';
import { loadEnv } from '../src/server/env.ts';

const env = loadEnv();
const { client, db } = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
await migrateDatabase(db, join(import.meta.dirname, '..', 'db', 'migrations'));
client.close();
console.log(`Database at ${env.DATABASE_URL} is up to date.`);
