import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Vitest runs every selected project's globalSetup before the first test, so `npm test` (package.json)
// runs the projects in steps: the unit projects beside the type check, the lint and the web build
// (single-threaded work, two cores), then integration, then e2e against that build.
const TEMP_GUARD = 'server/src/test/temp-guard.ts';

const UNIT = ['shared/src/**/*.test.ts', 'scripts/**/*.unit.test.ts', 'miniapp/src/**/*.test.{ts,tsx}', 'miniapp/build/**/*.unit.test.ts', 'bot/src/**/*.unit.test.ts', 'server/src/**/*.unit.test.ts'];
// Unit files share one module graph per worker (loading it per file was three quarters of the run),
// except those that replace modules, globals or timers: they get a graph of their own.
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules|useFakeTimers)\(/;
const OWN_GRAPH = globSync(UNIT).filter((file) => REPLACES.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...OWN_GRAPH, '**/node_modules/**'],
          environment: 'node',
          globalSetup: [TEMP_GUARD],
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: OWN_GRAPH,
          environment: 'node',
          globalSetup: [TEMP_GUARD],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/src/**/*.test.ts', 'bot/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
          globalSetup: [TEMP_GUARD, 'server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file builds its own app and database, and none mocks modules or globals: loading the
          // server's module graph once per worker instead of once per file halves the run (236 → 126 s).
          isolate: false,
          // Vitest's default on 2 cores is one worker; the files mostly wait on PostgreSQL: one at a
          // time took 176 s, two 150–165 s with a quarter of the CPU idle, three 135 s.
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // Playwright and the helpers load once per worker, not once per file.
          isolate: false,
          globalSetup: [TEMP_GUARD, 'e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once against the one server and the one Chromium: a browser test spends much
          // of its time waiting (debounces, the live stream, toasts, slowed answers), and every file
          // makes its own users and projects. Three kept the cores busier (1.81 of 2 against 1.66) but
          // the runs were no shorter (371–476 s against 437) and the longest file took twice as long.
          maxWorkers: 2,
          // expect.poll's 1 s default failed a dialog check on a busy 2-core CI machine: conditions, not time.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
