// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['dist/', 'dist-*/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'db/migrations/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/islands/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['src/islands/**/*.tsx'],
    rules: {
      // Scrolling regions (role="region") must take focus so keyboard users can scroll them.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // Only the database layer (src/server/db/), the services and operations (backups, leases,
    // health) touch the database: no other module of the site imports drizzle, the libSQL client
    // or libsql, or the table definitions (type-only imports are fine).
    files: ['src/**/*.{ts,tsx,astro}'],
    // Tests may read the tables to check what a write stored.
    ignores: ['src/server/db/**', 'src/server/services/**', 'src/server/ops/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                '@libsql/client',
                '@libsql/*',
                'libsql',
                'libsql/*',
                '**/db/schema',
                '**/db/schema/**',
              ],
              message: 'Only src/server/db/, services/ and ops/ may touch the database: call a service instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code never imports server code; a type-only import of the API's types is fine. Nor
    // does Astro's bundle (pages, layouts, Astro's middleware): the server runs once per process,
    // from its own entry (docs/decisions/0020-one-server-per-process.md).
    files: [
      'src/islands/**',
      'src/components/**',
      'src/scripts/**',
      'src/shared/**',
      'src/pages/**',
      'src/layouts/**',
      'src/og/**',
      'src/middleware.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              message: 'Browser code and Astro pages must not import server code (ADR 0020).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
