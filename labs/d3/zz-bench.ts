// scratch benchmark (not committed): grep over a few thousand files
import { mkdir, mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { grepTool } from './src/tools/grep';

const root = await mkdtemp(path.join(tmpdir(), 'grep-bench-'));
const line = 'export function add(left, right) { return left + right; } // some filler text\n';
for (let folder = 0; folder < 60; folder++) {
  await mkdir(path.join(root, `pkg${folder}`, 'src'), { recursive: true });
  for (let file = 0; file < 50; file++) {
    const body = line.repeat(30) + (file % 97 === 0 ? 'const quotient = divide(a, b);\n' : '');
    await writeFile(path.join(root, `pkg${folder}`, 'src', `f${file}.js`), body);
  }
}
const context = { cwd: root, signal: new AbortController().signal };
for (const pattern of ['divide', 'nomatchanywhere', 'add\\(left']) {
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const start = performance.now();
    const result = await grepTool.run({ pattern, limit: 500 }, context);
    times.push(performance.now() - start);
    if (run === 0) console.log(pattern, result.content.split('\n').length, 'lines');
  }
  times.sort((a, b) => a - b);
  console.log(pattern, 'median ms', times[3]!.toFixed(1), 'min', times[0]!.toFixed(1));
}
await rm(root, { recursive: true, force: true });
