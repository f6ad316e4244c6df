import { defineConfig } from 'vitest/config';

/**
 * Two Vitest projects (DESIGN.md section 3, convention 8): unit tests beside the code, and API
 * integration tests through `testClient(createApp())` against a fresh migrated database per file.
 */
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/console.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/console.ts'],
        },
      },
    ],
  },
});
