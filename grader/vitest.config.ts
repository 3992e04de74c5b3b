import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared.ts';

export default mergeConfig(
  sharedTestConfig,
  defineConfig({
    test: {
      // Several tests grade whole labs in child processes, with time limits of their own; each CLI
      // check runs the lab twice (the fixed scenario and a variant). A backstop, not a speed check.
      testTimeout: 240_000,
      globalSetup: ['./src/compiled/compile-before-tests.ts'],
    },
  }),
);
