/**
 * How a scheduled job reports a round that failed (docs/product.md#logs): a database busy past the
 * write path's wait (db/write-path.ts) is expected while another process writes, and the next
 * round tries again, so it is a warning; anything else is an error.
 */
import { DatabaseBusyError } from '../db/errors.ts';
import { log } from '../log.ts';

/**
 * The error handler of job `component`'s rounds; `failed` is the line logged for an error
 * (`'retention failed'`). Never throws.
 */
export function reportRoundError(component: string, failed: string): (error: unknown) => void {
  return (error) => {
    if (error instanceof DatabaseBusyError) {
      log.warn({ component }, `${failed}: the database was busy; the next round tries again`);
    } else {
      log.error({ component, err: error }, failed);
    }
  };
}
