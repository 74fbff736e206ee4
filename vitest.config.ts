import { defineConfig } from 'vitest/config';

// Test tiers live in the file name (house style §4): *.unit.test.ts need no services;
// *.int.test.ts and *.e2e.test.ts run against real Kafka, registry, Postgres (and Chromium),
// provided by tests/harness/globalSetup.ts.
const serviceSetup = ['./tests/harness/globalSetup.ts'];

// One module graph per worker, not one per file (`isolate: false`): evaluating the workspace's
// modules again for every file was most of the unit tier (104 s against 17 s on two cores), and
// the whole run in CI went from 1,180 to 925 s. So a test file leaves no state behind it: it
// stops what it starts (servers, clients, consumers, timers; afterAll), sets no process.env,
// and restores real timers after fake ones. No test file mocks a module.
const isolate = false;
const everywhere = ['{schemas,ingest,processors,projections,query-api,web,tests,deploy}/**'];

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: 'unit',
          isolate,
          include: everywhere.map((dir) => `${dir}/*.unit.test.{ts,tsx}`),
          exclude: ['**/node_modules/**'],
        },
      },
      {
        extends: false,
        test: {
          name: 'int',
          isolate,
          include: everywhere.map((dir) => `${dir}/*.int.test.ts`),
          exclude: ['**/node_modules/**'],
          globalSetup: serviceSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores and one broker: files share the stack, so run them one at a time.
          fileParallelism: false,
        },
      },
      {
        extends: false,
        test: {
          name: 'e2e',
          isolate,
          include: everywhere.map((dir) => `${dir}/*.e2e.test.ts`),
          exclude: ['**/node_modules/**'],
          // The portal is built once for the tier (tests/harness/portalBuild.ts).
          globalSetup: [...serviceSetup, './tests/harness/portalBuild.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
