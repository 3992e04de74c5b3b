// @ts-check
// `pnpm grade`: compiles the grader when its sources changed since the last grade (see
// compiled/compile-grader.mjs), then runs it as plain JavaScript, so a grade starts Node without a
// TypeScript loader. Plain JavaScript itself for the same reason.
import { pathToFileURL } from 'node:url';
import { compileGrader } from './compiled/compile-grader.mjs';
import { compiledPathOf } from './compiled/compiled-path-of.mjs';

const compiled = await compileGrader();
const main =
  compiled.ok &&
  compiledPathOf({
    sourceRoot: compiled.value.kitRoot,
    outDir: compiled.value.outDir,
    file: new URL('./main.ts', import.meta.url).pathname,
  });
if (!compiled.ok || !main) {
  process.stderr.write(
    `${compiled.ok ? 'the compiled grader has no main.js; grade again' : compiled.error}\n`,
  );
  process.exitCode = 2;
} else {
  await import(pathToFileURL(main).href);
}
