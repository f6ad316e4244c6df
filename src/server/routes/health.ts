/**
 * Health for operators and load balancers (docs/product.md#health).
 *
 * - `GET /api/health`: `{status, db, queue: {notifications, emails}, lastBackupAt, replication}`
 *   after real queries (`replication`: Litestream's state, position and lag, ops/replication.ts);
 *   503 with `db: "error"` when the database does not answer.
 * - `GET /api/health/ready`: 200 `{status: "ready"}` while the process serves, 503 with
 *   `Retry-After` while it starts or stops (lifecycle.ts), so a load balancer sends requests
 *   elsewhere during a restart.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { currentPhase } from '../lifecycle.ts';
import { newestBackupAt } from '../ops/backup-files.ts';
import { databaseFilePath } from '../db/database.ts';
import { databaseAnswers, queueDepth } from '../ops/health.ts';

/** The newest backup in BACKUP_DIR as an ISO string, or null (docs/product.md#backups). */
function lastBackupAt(env: AppDeps['env']): string | null {
  const path = databaseFilePath(env.DATABASE_URL);
  return env.BACKUP_DIR && path ? (newestBackupAt(env.BACKUP_DIR, path)?.toISOString() ?? null) : null;
}

export function healthRoutes({ db, env, replication }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      if (!(await databaseAnswers(db))) return c.json({ status: 'error', db: 'error' } as const, 503);
      const queue = await queueDepth(db);
      return c.json({
        status: 'ok',
        db: 'ok',
        queue,
        lastBackupAt: lastBackupAt(env),
        replication: replication.status(),
      } as const);
    })
    .get('/ready', (c) => {
      c.header('Cache-Control', 'no-store');
      const phase = currentPhase();
      if (phase === 'ready') return c.json({ status: 'ready' as const });
      c.header('Retry-After', '5');
      return c.json({ status: phase }, 503);
    });
}
