// @ts-check
/**
 * Splits one Lighthouse run's Total Blocking Time between the navigation commit and the page's own
 * tasks, for `npm run bench:pages`.
 *
 * Lighthouse's mobile run estimates TBT with its Lantern simulation: every main-thread task of the
 * trace is replayed at four times its length, and the part of each task beyond 50 ms that falls
 * between the simulated first contentful paint and the simulated time to interactive counts. The
 * result is the mean of an optimistic and a pessimistic estimate. One of those tasks is the one in
 * which the browser commits the navigation (`DocumentLoader::CommitNavigation`: it creates the new
 * document and its script contexts, Lighthouse's own included). That task runs before any byte of
 * the page is parsed, so nothing in the page's markup can shorten it (its headers can: a
 * `Cross-Origin-Opener-Policy` moves the navigation into a new process, docs/decisions/0019-opener-policy-on-private-pages.md),
 * yet Lantern's first-paint estimate leaves it out, and the part of it that the simulation places
 * after that estimate counts as blocking. On a machine where the browser shares its cores with
 * Lighthouse, its wall time varies from run to run (docs/product.md#performance).
 *
 * This module recomputes Lighthouse's own figure from the same computed artifacts Lighthouse uses
 * (its TotalBlockingTime, LanternFirstContentfulPaint and LanternInteractive, with Lantern's
 * `calculateTbtImpactForEvent`), task by task, and returns the total and the two shares. The total
 * is checked against the audit's value by the caller.
 *
 * These are Lighthouse's internal modules (lighthouse 12): an upgrade that moves them breaks this
 * file, not the measurement of the four scores.
 */
import { TotalBlockingTime } from 'lighthouse/core/computed/metrics/total-blocking-time.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

/** The trace event that marks the task committing the navigation. */
const COMMIT_EVENT = 'DocumentLoader::CommitNavigation';

/**
 * @typedef {{ startTime: number, endTime: number, duration: number }} NodeTiming
 * @typedef {{ type: string, childEvents?: { name: string }[] }} GraphNode
 * @typedef {{ timeInMs: number, nodeTimings: Map<GraphNode, NodeTiming> }} Estimate
 */

/**
 * The blocking time (ms) of one simulated estimate, split by task.
 * @param {Estimate} estimate the simulation's node timings
 * @param {number} fcpMs the first-paint estimate that bounds this estimate's window
 * @param {number} ttiMs the time-to-interactive estimate that bounds it
 * @returns {{ commit: number, own: number }}
 */
function splitEstimate(estimate, fcpMs, ttiMs) {
  let commit = 0;
  let own = 0;
  for (const [node, timing] of estimate.nodeTimings) {
    if (node.type !== 'cpu') continue;
    const impact = Lantern.Metrics.TBTUtils.calculateTbtImpactForEvent(
      { start: timing.startTime, end: timing.endTime, duration: timing.duration },
      fcpMs,
      ttiMs,
    );
    if ((node.childEvents ?? []).some((event) => event.name === COMMIT_EVENT)) commit += impact;
    else own += impact;
  }
  return { commit, own };
}

/**
 * One run's TBT, in milliseconds, as Lighthouse's simulation computes it, and its two parts.
 * @param {any} artifacts the run's `result.artifacts` (Trace, DevtoolsLog, GatherContext, URL, SourceMaps)
 * @param {any} settings the run's `result.lhr.configSettings` (simulated throttling)
 * @returns {Promise<{ total: number, commit: number, own: number }>} `total` is `commit + own`;
 *   each is the mean of the optimistic and pessimistic estimates, as Lighthouse weighs them
 * @throws {Error} when the run was not simulated (only Lantern's estimates can be split)
 */
export async function tbtSources(artifacts, settings) {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const context = { computedCache: new Map(), settings };
  const tbt = /** @type {any} */ (await TotalBlockingTime.request(data, /** @type {any} */ (context)));
  if (!tbt.optimisticEstimate || !tbt.pessimisticEstimate) {
    throw new Error('TBT can only be split for a run with simulated throttling');
  }
  const fcp = /** @type {any} */ (await LanternFirstContentfulPaint.request(data, /** @type {any} */ (context)));
  const tti = /** @type {any} */ (await LanternInteractive.request(data, /** @type {any} */ (context)));
  // As Lantern's TotalBlockingTime does: the optimistic TBT takes the pessimistic first paint and the
  // optimistic interactive time (a narrower window), and the reverse for the pessimistic TBT.
  const optimistic = splitEstimate(
    tbt.optimisticEstimate,
    fcp.pessimisticEstimate.timeInMs,
    tti.optimisticEstimate.timeInMs,
  );
  const pessimistic = splitEstimate(
    tbt.pessimisticEstimate,
    fcp.optimisticEstimate.timeInMs,
    tti.pessimisticEstimate.timeInMs,
  );
  const commit = (optimistic.commit + pessimistic.commit) / 2;
  const own = (optimistic.own + pessimistic.own) / 2;
  return { total: commit + own, commit, own };
}
