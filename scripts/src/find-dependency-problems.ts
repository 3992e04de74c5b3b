import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import fastGlob from 'fast-glob';
import { WORKSPACE_MANIFESTS } from './classroom/list-workspace-packages';
import { listPackageFiles } from './list-package-files';

/**
 * Files that exist only for tests: what they import may come from devDependencies, or from the
 * root's shared test tooling (vitest). Everything else is runtime code.
 */
const TEST_SUPPORT =
  /(\.test\.ts|(^|\/)vitest(\.release)?\.config\.ts|(^|\/)test-helpers\.ts|(^|\/)fixture-lab\.ts|(^|\/)create-test-workspace\.ts|(^|\/)create-temp-root\.ts)$|(^|\/)__fixtures__\//;

/** Sources whose imports are read. */
const SOURCE_FILE = /\.(ts|mts|cts|js|mjs|cjs)$/;

/** Binaries a package's scripts may run, and the package that provides each. */
const BINARIES: Record<string, string> = { tsx: 'tsx', tsc: 'typescript', vitest: 'vitest' };

/** Scripts that only develop the package (typecheck, tests); their binaries come from the root. */
const DEVELOPMENT_SCRIPTS = new Set(['typecheck', 'test', 'test:release']);

/** Import statements at the start of a line, the closing line of a multi-line import, dynamic imports, module resolution. */
const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\b[^'"\n;]*?\bfrom\s+'([^']+)'/gm,
  /^\}\s*from\s+'([^']+)'/gm,
  /^\s*import\s+'([^']+)'/gm,
  /\bimport\(\s*'([^']+)'\s*\)/g,
  /(?:import\.meta|createRequire\([^)]*\))\.resolve\(\s*'([^']+)'\s*\)/g,
];

/** One package.json entry that does not match what the package's code imports. */
export interface DependencyProblem {
  /** The package folder, e.g. `grader`. */
  folder: string;
  /** The dependency concerned. */
  dependency: string;
  /** What is wrong and what to do. */
  reason: string;
}

/**
 * Checks that every workspace package declares exactly what it imports: runtime imports (and the
 * binaries of its runtime scripts, such as `tsx` for `start`) in `dependencies`, test-only imports in
 * `devDependencies` (or the root's shared test tooling), and nothing it never uses.
 */
export async function findDependencyProblems(root: string): Promise<DependencyProblem[]> {
  const rootManifest = await readManifest(path.join(root, 'package.json'));
  const sharedTestTooling = new Set(Object.keys(rootManifest.devDependencies ?? {}));
  const manifests = await fastGlob(WORKSPACE_MANIFESTS, { cwd: root });
  const problems: DependencyProblem[] = [];
  for (const manifestPath of manifests.sort()) {
    const folder = path.posix.dirname(manifestPath);
    const manifest = await readManifest(path.join(root, manifestPath));
    const runtime = new Set<string>();
    const testOnly = new Set<string>();
    for (const file of await listPackageFiles(path.join(root, folder))) {
      if (!SOURCE_FILE.test(file)) continue;
      const target = TEST_SUPPORT.test(file) ? testOnly : runtime;
      const text = await readFile(path.join(root, folder, file), 'utf8');
      for (const name of importedPackages(text)) if (name !== manifest.name) target.add(name);
    }
    for (const [script, command] of Object.entries(manifest.scripts ?? {})) {
      const words = command.split(/\s+/);
      for (const [binary, provider] of Object.entries(BINARIES)) {
        if (!words.includes(binary)) continue;
        if (DEVELOPMENT_SCRIPTS.has(script)) testOnly.add(provider);
        else runtime.add(provider);
      }
    }
    for (const name of runtime) testOnly.delete(name);

    const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
    const devDependencies = new Set(Object.keys(manifest.devDependencies ?? {}));
    const add = (dependency: string, reason: string) =>
      problems.push({ folder, dependency, reason });
    for (const name of runtime) {
      if (!dependencies.has(name)) {
        add(
          name,
          `imported at run time but not in dependencies; add it to ${folder}/package.json dependencies`,
        );
      }
    }
    for (const name of testOnly) {
      if (dependencies.has(name)) add(name, 'only tests use it; move it to devDependencies');
      else if (!devDependencies.has(name) && !sharedTestTooling.has(name)) {
        add(
          name,
          `tests import it but nothing declares it; add it to ${folder}/package.json devDependencies`,
        );
      }
    }
    for (const name of [...dependencies, ...devDependencies]) {
      if (!runtime.has(name) && !testOnly.has(name))
        add(name, 'declared but never imported; remove it');
    }
  }
  return problems;
}

/** The npm packages a source file imports: bare specifiers reduced to their package name. */
export function importedPackages(text: string): Set<string> {
  const names = new Set<string>();
  // A line that starts inside a string literal (a template that writes code) imports nothing.
  const code = text
    .split('\n')
    .filter((line) => !/^\s*['"`]/.test(line))
    .join('\n');
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return names;
}

interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

async function readManifest(file: string): Promise<Manifest> {
  return JSON.parse(await readFile(file, 'utf8')) as Manifest;
}
