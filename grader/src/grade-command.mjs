// @ts-check
// `pnpm grade`: compiles the grader when its sources changed since the last grade (see
// compiled/compile-grader.mjs), then runs it as plain JavaScript, so a grade starts Node without a
// TypeScript loader. Plain JavaScript itself for the same reason.
import module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileGrader } from './compiled/compile-grader.mjs';
import { compiledPathOf } from './compiled/compiled-path-of.mjs';

const compiled = await compileGrader();
if (compiled.ok) keepCompiledCode(join(dirname(compiled.value.outDir), 'v8'));
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
// A grade's check process starts now, while the rest of the grader loads (see
// prestartCheckProcess); there is none to run for the help.
const prestart = compiledEntry('./prestart-check-process.ts');
if (compiled.ok && prestart && !process.argv.some((arg) => arg === '--help' || arg === '-h')) {
  /** @type {typeof import('./prestart-check-process')} */
  const { prestartCheckProcess } = await import(pathToFileURL(prestart).href);
  prestartCheckProcess(compiled.value);
}
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

/**
 * Node 22.1 and later keep V8's compiled code on disk, so the next grade skips compiling the same
 * JavaScript again (Node 20 has no such cache, and grades the same without it). The folder is in
 * the grader's own cache, never the shared default in the system's temporary folder, where another
 * user could plant compiled code. The check process and the lab's run use it too, through the
 * environment, unless they run as another user (the grader as root), who must not write to it.
 *
 * @param {string} directory
 */
function keepCompiledCode(directory) {
  const cache = module.enableCompileCache?.(directory);
  if (!cache?.directory || process.getuid?.() === 0) return;
  process.env.NODE_COMPILE_CACHE = cache.directory;
}
