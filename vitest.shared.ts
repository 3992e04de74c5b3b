import { defineConfig, mergeConfig } from 'vitest/config';
import { CompactReporter } from './vitest-compact-reporter.ts';

/**
 * What every package's tests share. The time limits are backstops against a hang, not speed
 * checks: CI and students' laptops are often busy, and a property test that takes 2 s alone can
 * take ten times that on two shared cores. Speed is measured by `pnpm bench`, never by a test.
 */
export const sharedTestConfig = defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

/**
 * A day's tests (solutions/dN and the labs generated from them): the student's tests. On an
 * untouched starter many are red by design, so each failure is one short line (see
 * CompactReporter) and assertion values are cut short; `pnpm test <file> --reporter=default` shows one file in full.
 */
export const dayTestConfig = mergeConfig(
  sharedTestConfig,
  defineConfig({
    test: {
      reporters: [new CompactReporter()],
      chaiConfig: { truncateThreshold: 60 },
      diff: { truncateThreshold: 20, expand: false },
      printConsoleTrace: false,
    },
  }),
);
