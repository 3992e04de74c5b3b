import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Several tests grade whole labs in child processes, with time limits of their own.
    testTimeout: 120_000,
    hookTimeout: 30_000,
  },
});
