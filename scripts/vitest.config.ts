import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared.ts';

/** The release job's tests (`*.release.test.ts`) run by `pnpm test:release`, not by `pnpm test`. */
export const RELEASE_TESTS = 'src/**/*.release.test.ts';
/** What `pnpm new-day` copies: a new day's own test, run once it is a day. */
const NEW_DAY_TEMPLATES = 'templates/**';

export default mergeConfig(
  sharedTestConfig,
  defineConfig({
    test: { exclude: [...configDefaults.exclude, RELEASE_TESTS, NEW_DAY_TEMPLATES] },
  }),
);
