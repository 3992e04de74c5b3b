import type { FixtureLab } from '../fixture-lab';
import { insertBefore } from '../fixture-lab';

/** A lab that touches no TODO and tries to raise its score by attacking the grader instead. */
export interface ForgingLab extends FixtureLab {
  /** The day whose untouched starter it starts from. */
  day: 'd3' | 'd4';
}

/** The first line of each day's starter entry: the attack goes before it, so it runs on import. */
const FIRST_ENTRY_LINE = {
  d3: "export { readOnlyTools } from './read-only-tools';",
  d4: "export { createTools } from './create-tools';",
};

/** Every check id of the released days: a forger claims them all, not knowing which one runs. */
const EVERY_CHECK_ID = [
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
const ATTACKS: Array<{ name: string; why: string; code: string[] }> = [
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
      "    if (this?.kind === 'answer' && this.threw) {",
      "      return { kind: 'answer', id: this.id, output: {} };",
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
];

/**
 * Each attack on each released day's untouched starter. forging-labs.test.ts grades every one as
 * root with student code as nobody, and none may score above its starter's baseline.
 */
export const FORGING_LABS: ForgingLab[] = ATTACKS.flatMap((attack) =>
  (['d3', 'd4'] as const).map((day) => ({
    name: `${attack.name}-${day}`,
    group: 'forging-labs' as const,
    day,
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
