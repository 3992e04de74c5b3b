import { defineConfig } from 'vitest/config';

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
