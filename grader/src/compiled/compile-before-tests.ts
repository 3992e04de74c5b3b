import { compileGrader } from './compile-grader.mjs';

/**
 * vitest's global set-up: compiles the grader once before the test files start, rather than in
 * each of the test files that grade a lab at once (each would find the build stale and compile it).
 */
export default async function compileBeforeTests(): Promise<void> {
  const compiled = await compileGrader();
  if (!compiled.ok) throw new Error(compiled.error);
}
