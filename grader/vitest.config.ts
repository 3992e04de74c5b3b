import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared.ts';

export default mergeConfig(
  sharedTestConfig,
  defineConfig({
    test: {
      // Several tests grade whole labs in child processes, with time limits of their own.
      testTimeout: 120_000,
    },
  }),
);
