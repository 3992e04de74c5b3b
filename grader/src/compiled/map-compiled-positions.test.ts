import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapCompiledPositions } from './map-compiled-positions';

let folder: string;
let program: string;
let stderr: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'map-positions-'));
  await mkdir(join(folder, 'src'));
  // Lines that compile to other lines: the type and the blank lines disappear from the program.
  await writeFile(
    join(folder, 'src', 'main.ts'),
    [
      'interface Shape {',
      '  sides: number;',
      '}',
      '',
      'function explode(shape: Shape): never {',
      '  throw new Error(`boom at ${shape.sides}`);',
      '}',
      '',
      'explode({ sides: 3 });',
      '',
    ].join('\n'),
  );
  program = join(folder, 'out', 'main.js');
  await build({
    absWorkingDir: folder,
    entryPoints: ['src/main.ts'],
    outfile: program,
    bundle: true,
    format: 'esm',
    platform: 'node',
    sourcemap: 'linked',
    logLevel: 'silent',
  });
  // A real run without --enable-source-maps: its trace names the compiled program.
  const ran = await execa(process.execPath, [program], { reject: false });
  stderr = ran.stderr;
});

afterAll(() => rm(folder, { recursive: true, force: true }));

describe('mapCompiledPositions', () => {
  it('names the source file and its lines where the trace names the compiled program', () => {
    expect(stderr).toContain('out/main.js:');
    const mapped = mapCompiledPositions({ text: stderr, file: program });
    expect(mapped).not.toContain('out/main.js');
    // The line Node quotes code from, then the frames: the throw, then the call.
    expect(mapped).toContain(`${join(folder, 'src', 'main.ts')}:6\n`);
    expect(mapped).toMatch(/at explode \(.*src\/main\.ts:6:\d+\)/);
    expect(mapped).toMatch(/src\/main\.ts:9:\d+/);
  });

  it('leaves places outside the map as they are', () => {
    const text = `${program}:9999:1`;
    expect(mapCompiledPositions({ text, file: program })).toBe(text);
  });
  it('leaves the text as it is when the program has no readable map', async () => {
    await writeFile(`${program}.map`, 'not json');
    expect(mapCompiledPositions({ text: stderr, file: program })).toBe(stderr);
  });
});
