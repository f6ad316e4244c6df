/** Database liveness for GET /api/health. */
import { sql } from 'drizzle-orm';
import type { Database } from './db.ts';

/** Runs a real query; resolves true when the database answers, false when it throws. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    const rows = await db.all<{ one: number }>(sql`select 1 as one`);
    return rows[0]?.one === 1;
  } catch {
    return false;
  }
}
