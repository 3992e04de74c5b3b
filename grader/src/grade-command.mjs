// @ts-check
// `pnpm grade`: compiles the grader when its sources changed since the last grade (see
// compiled/compile-grader.mjs), then runs it as plain JavaScript, so a grade starts Node without a
// TypeScript loader. Plain JavaScript itself for the same reason.
import module from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileGrader } from './compiled/compile-grader.mjs';
import { compiledPathOf } from './compiled/compiled-path-of.mjs';

// Node 22.1 and later keep V8's compiled code on disk, so the next grade skips compiling the same
// JavaScript again; the check process and the lab's run get the folder through the environment.
// Node 20 has no such cache, and the grader runs the same without it.
const cache = module.enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

const compiled = await compileGrader();
const main =
  compiled.ok &&
  compiledPathOf({
    sourceRoot: compiled.value.kitRoot,
    outDir: compiled.value.outDir,
    file: fileURLToPath(new URL('./main.ts', import.meta.url)),
  });
if (!compiled.ok || !main) {
  process.stderr.write(
    `${compiled.ok ? 'the compiled grader has no main.js; grade again' : compiled.error}\n`,
  );
  process.exitCode = 2;
} else {
  await import(pathToFileURL(main).href);
}
