/** Every table of the database, re-exported for drizzle and drizzle-kit. */
export * from './portal.ts';
export * from './site.ts';
