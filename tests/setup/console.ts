/**
 * An unexpected console.error, or a log line at level error or above, fails the test (DESIGN.md
 * section 3, convention 9). A test that expects errors calls `expectConsoleErrors()` and asserts
 * on what it returns. Log lines never reach the test output; `capturedLogLines()` returns this
 * test's lines, parsed.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { setLogDestination } from '../../src/server/log.ts';

let calls: unknown[][] = [];
let lines: Record<string, unknown>[] = [];
let expected = false;

/** pino's numeric level for `error`. */
const ERROR_LEVEL = 50;

setLogDestination({
  write(line: string) {
    const entry = JSON.parse(line) as Record<string, unknown>;
    lines.push(entry);
    if (typeof entry.level === 'number' && entry.level >= ERROR_LEVEL) {
      const err = entry.err as { message?: string; stack?: string } | undefined;
      calls.push([entry.msg, err?.message ?? '', err?.stack ?? '']);
    }
  },
});

beforeEach(() => {
  calls = [];
  lines = [];
  expected = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (!expected && calls.length > 0) {
    throw new Error(`Unexpected error:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});

/** Allows errors in this test; returns the live list of them (each an argument list). */
export function expectConsoleErrors(): unknown[][] {
  expected = true;
  return calls;
}

/** The log lines written during this test so far, parsed. */
export function capturedLogLines(): Record<string, unknown>[] {
  return lines;
}
