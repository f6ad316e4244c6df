/**
 * Start-up work that nothing on the first screen waits for (reading the layout, drawing the hero's
 * decorations) runs in a task of its own once the browser is idle, after the first paint: it then
 * neither delays that paint nor lengthens the task that runs the page's scripts
 * (docs/product.md#performance).
 */

/**
 * Runs `task` at the browser's next idle period, or after `timeoutMs` milliseconds at the latest
 * (requestIdleCallback's timeout); where requestIdleCallback is missing (Safari), in a task of its
 * own queued at once.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 0);
}
