import { readFile, readdir } from 'node:fs/promises';

// Each fixture in ./streams is one streamed answer, one Chat Completions chunk a line, shaped like
// what a kind of provider was seen sending (`pnpm fixture` turns a RECORD file into one). Every
// day's tests may play them through the loopback server against its own accumulator and loop.

const STREAMS = new URL('./streams/', import.meta.url);

/** For tests: the names of every stream fixture, without `.jsonl`, sorted. */
export async function listStreamFixtures(): Promise<string[]> {
  const files = await readdir(STREAMS);
  return files
    .filter((file) => file.endsWith('.jsonl'))
    .map((file) => file.replace(/\.jsonl$/, ''))
    .sort();
}

/** For tests: the chunks of one stream fixture, in the order a server sends them. */
export async function readStreamFixture(name: string): Promise<unknown[]> {
  const text = await readFile(new URL(`${name}.jsonl`, STREAMS), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}
