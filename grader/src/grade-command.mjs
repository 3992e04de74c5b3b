// @ts-check
// `pnpm grade`: compiles the grader when its sources changed since the last grade (see
// compiled/compile-grader.mjs), then runs it as plain JavaScript, so a grade starts Node without a
// TypeScript loader. Plain JavaScript itself for the same reason.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileGrader } from './compiled/compile-grader.mjs';
import { compiledPathOf } from './compiled/compiled-path-of.mjs';

const compiled = await compileGrader();
/**
 * The compiled twin of one of the grader's entries, if the grader compiled.
 *
 * @param {string} name
 */
const compiledEntry = (name) =>
  compiled.ok &&
  compiledPathOf({
    sourceRoot: compiled.value.kitRoot,
    outDir: compiled.value.outDir,
    file: fileURLToPath(new URL(name, import.meta.url)),
  });
const main = compiledEntry('./main.ts');
if (!compiled.ok || !main) {
  process.stderr.write(
    `${compiled.ok ? 'the compiled grader has no main.js; grade again' : compiled.error}\n`,
  );
  process.exitCode = 2;
} else {
  /** @type {typeof import('./main')} */
  const grader = await import(pathToFileURL(main).href);
  process.exitCode = await grader.main({
    args: process.argv.slice(2),
    cwd: process.cwd(),
    env: process.env,
    output: {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    },
  });
}
