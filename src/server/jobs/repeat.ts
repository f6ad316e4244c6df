/**
 * A scheduled job's timer (docs/decisions/0024-event-log-and-leases.md): runs `task` now and then
 * every `everyMs`, each time only if `shouldRun()` (this process holds the scheduled jobs' lease),
 * one round after the other. The timer does not keep the process alive.
 */

/** What a scheduled job returns: `stop()` clears its timer and resolves once a round in progress has finished. */
export interface Repeating {
  stop(): Promise<void>;
}

/**
 * @param task one round; it handles its own errors (a rejection is not caught here)
 * @param options `everyMs` between rounds, in milliseconds; `shouldRun` asked before each round
 */
export function repeat(task: () => Promise<void>, options: { everyMs: number; shouldRun: () => boolean }): Repeating {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    // Another server process on the same database holds the scheduled jobs' lease.
    if (!options.shouldRun()) return;
    running = running.then(task);
  };
  run();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
