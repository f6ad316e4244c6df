/** Every table of the database, re-exported for drizzle and drizzle-kit. */
export * from './site.ts';
