import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the schema and writes SQL migrations to db/migrations (committed). */
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'file:db/data/app.db' },
});
