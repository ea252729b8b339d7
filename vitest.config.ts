import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const api = (name: string, env: Record<string, string>): TestProjectConfiguration => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    environment: 'node',
    env,
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

const resilienceAsked = process.argv.some(
  (a, i, all) => a === '--project=resilience' || (a === 'resilience' && all[i - 1] === '--project'),
);

/**
 * One runner, four projects: `unit` (pure rules of the contract package, and the repository's own checks), `api` (the server through real HTTP on
 * embedded PostgreSQL; `api-pg` repeats it on a PostgreSQL server when TEST_DATABASE_URL is set), `web` (components with Testing Library) and `e2e` (the built app in Debian's chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      api('api', { TEST_ENGINE: 'pglite' }),
      // The same suite on a PostgreSQL server when one is given (CI gives it).
      ...(process.env.TEST_DATABASE_URL ? [api('api-pg', { TEST_ENGINE: 'pg' })] : []),
      'apps/web',
      // Crash safety and soak (the built server as child processes, minutes long): only when asked for by name,
      // `npm run test:resilience`, never in a plain `vitest run`.
      ...(resilienceAsked
        ? [
            {
              test: {
                name: 'resilience',
                include: ['apps/server/test/resilience/**/*.resilience.ts'],
                environment: 'node',
                fileParallelism: false,
                testTimeout: 900_000,
                hookTimeout: 300_000,
                pool: 'forks' as const,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
