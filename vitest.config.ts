import { defineConfig } from 'vitest/config';

// One runner, three projects: unit (pure, fake time), integration (real S3 server + fault proxy),
// e2e (Chromium through the bridge). `npm test` runs them all; `npm run check` only unit.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          // A hang detector, not a speed limit: virtual-time tests do real work per step, and
          // vitest's 5 s default failed them on two cores shared with other work.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/globalSetup.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/globalSetup.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
