/**
 * How long the event loop stood still while a test's work ran: a timer ticks every `tickMs`
 * milliseconds and the longest gap between two ticks is kept. `stop()` ends the watch and returns
 * that gap in milliseconds, counting the time since the last tick too.
 */
export function watchEventLoop(tickMs = 5): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, tickMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}
