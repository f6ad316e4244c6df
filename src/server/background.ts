/**
 * Work that follows a response and must never fail it (docs/product.md#lead-delivery: new-lead
 * email and the forward to FORM_FORWARD_URL). Each task's error is logged, never thrown.
 * `drain()` resolves once every task started so far has settled (tests and shutdown use it).
 */
import { log } from './log.ts';

export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();

  /** Starts `task` now; a rejection is logged with `label` and swallowed. */
  run(label: string, task: () => Promise<unknown>): void {
    const p = (async () => {
      try {
        await task();
      } catch (error) {
        log.error({ component: 'background', task: label, err: error }, `${label} failed`);
      }
    })();
    this.#running.add(p);
    void p.finally(() => this.#running.delete(p));
  }

  /** Waits for every task started so far. */
  async drain(): Promise<void> {
    while (this.#running.size > 0) {
      await Promise.all([...this.#running]);
    }
  }
}
