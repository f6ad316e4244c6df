/**
 * Reading Stripe's event objects (docs/product.md#payments): loosely, by path, because fields move
 * between Stripe's API versions (a subscription's invoice names its subscription at
 * `subscription` in older versions and at `parent.subscription_details.subscription` in newer
 * ones). An id may come as a string or as the expanded object. Amounts are integer cents.
 */
import type { Database } from '../../db/database.ts';
import { todayIn } from '../proposals/validity.ts';
import type { IssueEnv } from './issuing.ts';

/** A loosely read Stripe object: the fields moved between API versions are read by path. */
export type Loose = Record<string, unknown>;
export const str = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && typeof (value as Loose).id === 'string'
      ? ((value as Loose).id as string)
      : null;
export const num = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
export const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
export const metadataOf = (value: unknown): Record<string, string> =>
  obj(obj(value).metadata) as Record<string, string>;

/** What handling an event needs. */
export interface StripeEventDeps {
  db: Database;
  env: IssueEnv;
  /** The team inbox (services/email/notification-routes.ts). */
  teamTo: string[];
}

/** The day of Stripe's `created` (seconds) in the agency's zone. */
export const dayOf = (seconds: number, env: IssueEnv) => todayIn(env.SITE_TIME_ZONE, new Date(seconds * 1000));
