import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'scripts/**/*.unit.test.ts', 'miniapp/src/**/*.test.{ts,tsx}', 'miniapp/build/**/*.unit.test.ts', 'bot/src/**/*.unit.test.ts', 'server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/src/**/*.test.ts', 'bot/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
