import type { FixtureLab } from '../fixture-lab';
import { insertAfter, insertBefore } from '../fixture-lab';

/** The first export of the lab's entry: code put before it runs when the entry is imported. */
const FIRST_ENTRY_EXPORT = "export { readOnlyTools } from './read-only-tools';";
/** The line in truncateResult after which only results over the limit go on. */
const OVER_THE_LIMIT = '  if (original.length <= MAX_RESULT_CHARS) return result;\n';

/**
 * Labs that misbehave as a process rather than give wrong answers, each the current solution with
 * a few lines added. fault-labs.test.ts says which report each must produce.
 */
export const FAULT_LABS: FixtureLab[] = [
  {
    name: 'hangs-in-truncation-and-floods',
    group: 'fault-labs',
    why: 'truncateResult spins forever on a long result, printing its first 3,000 turns as a student debugging it would; importing the accumulator floods stdout and stderr',
    mutations: [
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: OVER_THE_LIMIT,
        text: [
          '  let turns = 0;',
          '  while (original.length > 0) {',
          '    // Faulty on purpose: spins.',
          "    if (turns < 3000) console.log('DEBUG still truncating, turn', ++turns);",
          '  }',
          '',
        ].join('\n'),
      }),
      insertBefore({
        file: 'src/tool-call-accumulator.ts',
        anchor: '/**\n * Merges streamed tool-call fragments into whole calls.',
        text: [
          '// Faulty on purpose: floods stdout and stderr on import (by the CLI too).',
          "const floodLine = `${'flood '.repeat(1000)}\\n`;",
          'for (let count = 0; count < 4000; count++) {',
          '  process.stdout.write(floodLine);',
          '  process.stderr.write(floodLine);',
          '}',
          '',
          '',
        ].join('\n'),
      }),
    ],
  },
  {
    name: 'throws-at-import',
    group: 'fault-labs',
    why: "importing the lab's entry throws",
    mutations: [
      insertBefore({
        file: 'src/index.ts',
        anchor: FIRST_ENTRY_EXPORT,
        text: "throw new Error('broken on purpose at import');\n",
      }),
    ],
  },
  {
    name: 'throws-while-loading-truncation',
    group: 'fault-labs',
    why: "a line at the top level of TODO(3)'s file throws as the lab loads, failing every check",
    mutations: [
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: 'const HEAD_SHARE = 0.6;\n',
        text: "throw new Error('top-level boom');\n",
      }),
    ],
  },
  {
    name: 'hangs-at-import',
    group: 'fault-labs',
    why: "importing the lab's entry never finishes",
    mutations: [
      insertBefore({
        file: 'src/index.ts',
        anchor: FIRST_ENTRY_EXPORT,
        text: 'for (;;) {\n  // Faulty on purpose: spins.\n}\n',
      }),
    ],
  },
  {
    name: 'waits-forever-while-loading-truncation',
    group: 'fault-labs',
    why: "a line at the top level of TODO(3)'s file awaits a promise that never settles",
    mutations: [
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: 'const HEAD_SHARE = 0.6;\n',
        text: 'await new Promise<void>(() => {});\n',
      }),
    ],
  },
  {
    name: 'exits-and-never-settles',
    group: 'fault-labs',
    why: 'an absolute path gets a promise that never settles; a long result ends the process',
    mutations: [
      insertBefore({
        file: 'src/tools/read-file.ts',
        anchor: '    const read = await readWorkspaceFile(',
        text: "    if (path.startsWith('/')) return new Promise<never>(() => {});\n",
      }),
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: OVER_THE_LIMIT,
        text: '  process.exit(3);\n',
      }),
    ],
  },
  {
    name: 'rejects-unhandled-in-a-tool',
    group: 'fault-labs',
    why: "read_file starts a promise that rejects and nothing awaits it, in code no exercise owns; the lab's cache file read (with no line of the lab's in its error) rejects the same way",
    mutations: [
      insertBefore({
        file: 'src/tools/read-file.ts',
        anchor: '    const read = await readWorkspaceFile(',
        text: "    void Promise.reject(new Error('forgot to await the cache write'));\n",
      }),
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: OVER_THE_LIMIT,
        text: "  void import('node:fs/promises').then((fs) => fs.readFile('/no/such/cache.json'));\n",
      }),
    ],
  },
  {
    name: 'throws-escapes-and-paths',
    group: 'fault-labs',
    why: "truncateResult throws an error that would set the terminal's title, clear it and overwrite a line, quoting the machine's PATH, TMPDIR and working folder",
    mutations: [
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: OVER_THE_LIMIT,
        text: '  throw new Error(`\\u001b]0;PWNED\\u0007\\u001b[2J\\rOVERWRITE ${process.env.PATH} ${process.env.TMPDIR} ${process.cwd()}`);\n',
      }),
    ],
  },
  {
    name: 'glob-throws-its-start',
    group: 'fault-labs',
    why: 'glob throws an error quoting what its process was started with (process.execArgv)',
    mutations: [
      insertBefore({
        file: 'src/tools/glob.ts',
        anchor: '    const found = await globWorkspace(',
        text: '    throw new Error(`started with ${JSON.stringify(process.execArgv)}`);\n',
      }),
    ],
  },
  {
    name: 'reads-a-file-beside-its-source',
    group: 'fault-labs',
    why: 'read_file reads src/greeting.txt, beside its source, through import.meta.url and import.meta.dirname when it is imported, and its own source through import.meta.filename, and says so in a string (a lab that works, as under pnpm start)',
    mutations: [
      insertBefore({
        file: 'src/tools/read-file.ts',
        anchor: "import { z } from 'zod';",
        text: "import { readFileSync } from 'node:fs';\nimport { join } from 'node:path';\n",
      }),
      insertBefore({
        file: 'src/tools/read-file.ts',
        anchor: 'export const ReadFileParameters = z.strictObject({',
        text: [
          "export const GREETING = readFileSync(new URL('../greeting.txt', import.meta.url), 'utf8');",
          "export const AGAIN = readFileSync(join(import.meta.dirname, '..', 'greeting.txt'), 'utf8');",
          "export const OWN_SOURCE = readFileSync(import.meta.filename, 'utf8');",
          'export const HOW = "found through import.meta.url";',
          '',
          '',
        ].join('\n'),
      }),
    ],
  },
  {
    name: 'prints-while-checked',
    group: 'fault-labs',
    why: 'truncateResult prints a debugging line for each long result (console.log, as a student does), then a thousand more lines with an escape sequence, to stderr (a lab that works)',
    mutations: [
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: OVER_THE_LIMIT,
        text: [
          "  console.log('DEBUG truncating', original.length, 'characters');",
          '  for (let count = 1; count <= 1000; count++) {',
          '    process.stderr.write(`\u001b[31mnoise ${count}\n`);',
          '  }',
          '',
        ].join('\n'),
      }),
    ],
  },
  {
    name: 'forges-a-pass',
    group: 'fault-labs',
    why: "truncateResult writes a passing report for its check on the grader's message channel, then hangs",
    mutations: [
      insertBefore({
        file: 'src/truncate-result.ts',
        anchor: "import type { ToolResult } from '@agent-course/core';",
        text: "import { writeSync as forge } from 'node:fs';\n",
      }),
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: OVER_THE_LIMIT,
        text: [
          "  // Faulty on purpose: on the check's 20,000 characters, claims a pass (in the plain shape",
          '  // and with a guessed token), then hangs.',
          '  if (original.length === 20_000) {',
          "    const pass = { kind: 'finished', checkId: 'truncation', report: { status: 'pass', message: '', hint: '' } };",
          "    forge(3, `${JSON.stringify(pass)}\\n${JSON.stringify({ token: 'guess', message: pass })}\\n`);",
          '    for (;;) {',
          '      // spins',
          '    }',
          '  }',
          '',
        ].join('\n'),
      }),
    ],
  },
  {
    name: 'does-not-compile',
    group: 'fault-labs',
    why: 'truncate-result.ts has a syntax error, so the lab fails to load everywhere',
    mutations: [
      insertAfter({
        file: 'src/truncate-result.ts',
        anchor: OVER_THE_LIMIT,
        text: '  const broken = ;\n',
      }),
    ],
  },
];
