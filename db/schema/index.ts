/** Every table of the database, re-exported for drizzle and drizzle-kit. */
export * from './auth.ts';
export * from './portal.ts';
export * from './site.ts';
export * from './notifications.ts';
export * from './requests.ts';
export * from './events.ts';
export * from './chat.ts';
export * from './files.ts';
export * from './security.ts';
export * from './privacy.ts';
export * from './tokens.ts';
export * from './proposals.ts';
export * from './invoices.ts';
export * from './inbound.ts';
export * from './bookings.ts';
