// A stand-in for a student's finished earlier day, for the course check's proof that a later day
// runs on the student's own code: the solution's sources with their internals moved (each module
// but the index and the start file keeps its path as a one-line `export *` of `<name>-own.ts`,
// which holds the code, its imports following), so it works like the kit's finished day, keeps
// every path its own checks import, and shares none of the kit's modules.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listPackageFiles } from './list-package-files';

/** Files left as they are: the lab's index and start file, which the lab's shape needs. */
const KEPT = ['src/index.ts', 'src/main.ts'];

/** A relative import or export specifier, in quotes. */
const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g;

/** Copies `solution` (its sources, not its tests) into a new temporary folder, internals moved. */
export async function createStandInDay({ solution }: { solution: string }): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'course-stand-in-'));
  const files = (await listPackageFiles(solution)).filter(
    (file) => !/\.test\.ts$|__snapshots__|__fixtures__/.test(file),
  );
  const moved = new Set(
    files.filter((file) => file.startsWith('src/') && file.endsWith('.ts') && !KEPT.includes(file)),
  );
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), text);
  };
  for (const file of files) {
    let text = await readFile(path.join(solution, file), 'utf8');
    if (!moved.has(file)) {
      await write(file, text);
      continue;
    }
    const own = file.replace(/\.ts$/, '-own.ts');
    text = text.replaceAll(
      RELATIVE_SPECIFIER,
      (whole, before: string, quote: string, specifier: string) => {
        const target = path.posix.join(path.posix.dirname(file), `${specifier}.ts`);
        return moved.has(target) ? `${before}${quote}${specifier}-own${quote}` : whole;
      },
    );
    await write(own, text);
    await write(file, `export * from './${path.posix.basename(own, '.ts')}';\n`);
  }
  return folder;
}
