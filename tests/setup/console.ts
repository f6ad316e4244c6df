/**
 * An unexpected console.error fails the test (DESIGN.md section 3, convention 9).
 * A test that expects errors calls `expectConsoleErrors()` and asserts on what it returns.
 */
import { afterEach, beforeEach, vi } from 'vitest';

let calls: unknown[][] = [];
let expected = false;

beforeEach(() => {
  calls = [];
  expected = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (!expected && calls.length > 0) {
    throw new Error(`Unexpected console.error:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});

/** Allows console.error in this test; returns the live list of calls (each an argument list). */
export function expectConsoleErrors(): unknown[][] {
  expected = true;
  return calls;
}
