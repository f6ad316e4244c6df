// TEMP STUB
import type { Database } from './db.ts';
export async function unsubscribeLinks(_db: Database, site: string, clientId: string) {
  return {
    pageUrl: new URL(`/unsubscribe?token=${clientId}`, site).href,
    postUrl: new URL(`/api/unsubscribe?token=${clientId}`, site).href,
  };
}
