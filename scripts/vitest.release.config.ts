import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared.ts';
import { RELEASE_TESTS } from './vitest.config.ts';

/**
 * The release job: end-to-end runs that take minutes (every command on the pages, both autograders
 * installed and run, a day added to a copy of the kit). `.ci/run` runs it once per CI run.
 */
export default mergeConfig(sharedTestConfig, defineConfig({ test: { include: [RELEASE_TESTS] } }));
