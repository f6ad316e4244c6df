import { defineConfig } from 'vitest/config';

/**
 * The integration test files that need an embedded file (they hold its lock from another process,
 * copy it, replicate it, or compare its fast reader), or start libSQL servers of their own: the libSQL server
 * run leaves them out (docs/decisions/0038-libsql-server-in-tests.md).
 */
const FILE_ONLY = [
  'backup-off-thread',
  'backup-uploads-restore',
  'backup-uploads',
  'backup',
  'email-replies',
  'fast-reads',
  'files-busy',
  'libsql-server',
  'litestream',
  'migrations',
  'proposals-busy',
  'replica-reads',
  'seed-scale',
  'write-path',
].map((name) => `tests/integration/${name}.test.ts`);

/**
 * What every `npm test` also runs on a libSQL server: the write path, events and streams, leases,
 * sessions, leads, messages, files, signatures and the notification queue. `npm run test:sqld` runs every
 * integration file there but FILE_ONLY.
 */
const ON_SERVER = [
  'contact',
  'files',
  'idempotency',
  'job-leases',
  'live',
  'notifications',
  'sign-in-security',
  'client',
  'agreements',
].map((name) => `tests/integration/${name}.test.ts`);

/**
 * Three Vitest projects (DESIGN.md section 3, convention 8): unit tests beside the code, API
 * integration tests through `testClient(createApp())` against a fresh migrated database per file,
 * and some of those again with each file's database on a fresh libSQL server (`sqld`).
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
      {
        test: {
          name: 'integration-sqld',
          include: process.env.TEST_SQLD_ALL ? ['tests/integration/**/*.test.ts'] : ON_SERVER,
          exclude: FILE_ONLY,
          environment: 'node',
          env: { TEST_DATABASE: 'sqld' },
          // Each statement is a round trip to the server: a test that takes 1 s on the file can take 4 here.
          testTimeout: 20_000,
          setupFiles: ['tests/setup/console.ts'],
        },
      },
    ],
  },
});
