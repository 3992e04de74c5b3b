import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo-root';

// The supported Node versions are stated in four places a user or CI reads: package.json's engines
// (pnpm refuses to install outside it, see .npmrc), .nvmrc (the LTS the course recommends and CI's
// second run), the README's set-up section, and .ci/run. These tests keep them saying one thing.

const read = (relativePath: string) => readFileSync(path.join(REPO_ROOT, relativePath), 'utf8');
const rootManifest = JSON.parse(read('package.json')) as { engines: { node: string } };
const recommendedMajor = read('.nvmrc').trim().replace(/^v/, '');

describe('supported Node versions', () => {
  it('engines is as strict as vite, the dependency with the highest floor', () => {
    // vitest runs on vite, whose floor (20.19 and 22.12) is above Node 20.0 and 22.0; installing
    // on a Node below it would work and then fail at the first test run.
    const fromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));
    const fromVitest = createRequire(fromRoot.resolve('vitest/package.json'));
    const vite = fromVitest('vite/package.json') as { engines: { node: string } };
    expect(rootManifest.engines.node).toBe(vite.engines.node);
  });

  it('pnpm is told to refuse a Node outside engines rather than warn', () => {
    expect(read('.npmrc')).toMatch(/^engine-strict=true$/m);
  });

  it('.nvmrc names an LTS major that engines admits', () => {
    expect(recommendedMajor).toMatch(/^\d+$/);
    expect(Number(recommendedMajor) % 2).toBe(0);
    const lastRange = rootManifest.engines.node.split('||').at(-1)?.trim() ?? '';
    const floorMajor = Number(/^>=(\d+)\./.exec(lastRange)?.[1]);
    expect(Number(recommendedMajor)).toBeGreaterThanOrEqual(floorMajor);
  });

  it('the README names the same versions, and CI runs the tests again on the .nvmrc major', () => {
    const setUp = read('README.md').split('## Set-up')[1]?.split('\n## ')[0] ?? '';
    expect(setUp).toContain(`Node.js ${recommendedMajor}`);
    for (const floor of rootManifest.engines.node.match(/\d+\.\d+/g) ?? []) {
      expect(setUp).toContain(floor);
    }
    const ci = read('.ci/run');
    expect(ci).toContain('.nvmrc');
    expect(ci).toMatch(/npx -y -p "node@\$lts"/);
  });
});
