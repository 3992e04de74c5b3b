import { sandboxFiles } from '@agent-course/sandbox';
import type { Random } from '../../../../judging/create-random';

/** A function of the generated module: its source lines and a test of it. */
interface Helper {
  source: string[];
  test: (random: Random) => { name: string; assertion: string };
}

const HELPERS: Record<string, Helper> = {
  add: {
    source: ['export function add(a, b) {', '  return a + b;', '}'],
    test: (random) => {
      const [a, b] = [random.integer(2, 99), random.integer(2, 99)];
      return { name: `add sums ${a} and ${b}`, assertion: `add(${a}, ${b}), ${a + b}` };
    },
  },
  subtract: {
    source: ['export function subtract(a, b) {', '  return a - b;', '}'],
    test: (random) => {
      const [a, b] = [random.integer(50, 99), random.integer(2, 49)];
      return { name: `subtract takes ${b} from ${a}`, assertion: `subtract(${a}, ${b}), ${a - b}` };
    },
  },
  square: {
    source: ['export function square(a) {', '  return a * a;', '}'],
    test: (random) => {
      const a = random.integer(2, 30);
      return { name: `square of ${a}`, assertion: `square(${a}), ${a * a}` };
    },
  },
  negate: {
    source: ['export function negate(a) {', '  return -a;', '}'],
    test: (random) => {
      const a = random.integer(2, 99);
      return { name: `negate turns ${a} around`, assertion: `negate(${a}), ${-a}` };
    },
  },
};

/**
 * The product is named on a line of its own, so the divide line stays the only "return a * b;"
 * while a lab that swaps the first "a * b" it sees, whatever the model asked, breaks multiply.
 */
const MULTIPLY: Helper = {
  source: [
    'export function multiply(a, b) {',
    '  const product = a * b;',
    '  return product;',
    '}',
  ],
  test: (random) => {
    const [a, b] = [random.integer(2, 30), random.integer(2, 30)];
    return { name: `multiply ${a} by ${b}`, assertion: `multiply(${a}, ${b}), ${a * b}` };
  },
};

/** The sandbox's module and test, as the seed writes them, and the name of the divide test. */
export interface CalcProjectVariant {
  label: string;
  /** src/calc.js: divide still multiplies, on the line `  return a * b;`. */
  source: string;
  /** test/calc.test.js: one test per function, with numbers the seed picks. */
  test: string;
  /** The divide test's name, which the test runner prints when it runs it. */
  divideTestName: string;
}

const KIT_FILES = sandboxFiles();
const KIT_TEST = String(KIT_FILES.get('test/calc.test.js'));

/** The kit's own sandbox module and test, as `MOCK=1 pnpm start` meets them. */
export const LESSON_CALC_PROJECT: CalcProjectVariant = {
  label: "the kit's sandbox",
  source: String(KIT_FILES.get('src/calc.js')),
  test: KIT_TEST,
  divideTestName: /test\('(divide[^']*)'/.exec(KIT_TEST)![1]!,
};

/**
 * The sandbox's arithmetic module with its helpers in an order the seed picks, multiply always
 * before divide, and tests whose numbers and names come from the seed. The kit's scripted model
 * finds divide's return line in what read_file shows, so it fixes this file as it fixes the
 * sandbox's own.
 */
export function createCalcProjectVariant(random: Random): CalcProjectVariant {
  const others = random.shuffle(Object.keys(HELPERS)).slice(0, random.integer(2, 4));
  const split = random.integer(0, others.length);
  const beforeDivide = others.slice(0, split);
  beforeDivide.splice(random.integer(0, beforeDivide.length), 0, 'multiply');
  const order = [...beforeDivide, 'divide', ...others.slice(split)];
  const parts = random.integer(2, 12);
  const each = random.integer(2, 12);
  const divideTestName = `divide shares ${parts * each} into ${parts} equal parts of ${each}`;
  // The file holds the total as a product that only running the test works out, so the name the
  // runner prints cannot be copied from the file by a lab that never runs it.
  const divideTitle = `\`divide shares \${${parts} * ${each}} into ${parts} equal parts of ${each}\``;
  const sections = order.map((name) => {
    if (name === 'divide') {
      return {
        source: ['export function divide(a, b) {', '  return a * b;', '}'],
        test: { title: divideTitle, assertion: `divide(${parts * each}, ${parts}), ${each}` },
      };
    }
    const helper = name === 'multiply' ? MULTIPLY : HELPERS[name]!;
    const test = helper.test(random);
    return { source: helper.source, test: { title: `'${test.name}'`, assertion: test.assertion } };
  });
  const source = [
    '// Arithmetic on numbers.',
    ...sections.flatMap((section) => ['', ...section.source]),
  ];
  const test = [
    "import { test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    `import { ${order.join(', ')} } from '../src/calc.js';`,
    ...sections.flatMap(({ test: { title, assertion } }) => [
      '',
      `test(${title}, () => {`,
      `  assert.equal(${assertion});`,
      '});',
    ]),
  ];
  return {
    label: 'a sandbox module and test generated from the seed',
    source: `${source.join('\n')}\n`,
    test: `${test.join('\n')}\n`,
    divideTestName,
  };
}
