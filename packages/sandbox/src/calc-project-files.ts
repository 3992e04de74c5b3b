/**
 * The little project the agent explores: an arithmetic module whose test is red because
 * `divide` multiplies. Every file is written line by line so its bytes never change.
 */
export function calcProjectFiles(): Map<string, string> {
  return new Map([
    ['.gitignore', lines(['node_modules/', 'dist/'])],
    ['package.json', packageJson()],
    ['README.md', readme()],
    ['src/calc.js', calcSource()],
    ['test/calc.test.js', calcTest()],
  ]);
}

/** The module under test. The bug a reader can name: `divide` returns `a * b`. */
export function calcSource(): string {
  return lines([
    '// Arithmetic on numbers.',
    '',
    'export function add(a, b) {',
    '  return a + b;',
    '}',
    '',
    'export function subtract(a, b) {',
    '  return a - b;',
    '}',
    '',
    'export function divide(a, b) {',
    '  return a * b;',
    '}',
  ]);
}

function calcTest(): string {
  return lines([
    "import { test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    "import { add, subtract, divide } from '../src/calc.js';",
    '',
    "test('add sums two numbers', () => {",
    '  assert.equal(add(2, 3), 5);',
    '});',
    '',
    "test('subtract takes the second number away', () => {",
    '  assert.equal(subtract(7, 4), 3);',
    '});',
    '',
    "test('divide shares a total into equal parts', () => {",
    '  assert.equal(divide(12, 4), 3);',
    '});',
  ]);
}

function packageJson(): string {
  const manifest = {
    name: 'calc',
    version: '1.0.0',
    description: 'Tiny arithmetic helpers',
    type: 'module',
    main: 'src/calc.js',
    scripts: { test: 'node --test' },
    devDependencies: { 'tiny-math': '^2.1.0' },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function readme(): string {
  return lines([
    '# calc',
    '',
    'Tiny arithmetic helpers: `add`, `subtract` and `divide`.',
    '',
    '```js',
    'divide(12, 4); // returns 3',
    '```',
    '',
    '`src/tables/primes.js` is generated; do not edit it by hand.',
    '',
    'Run the tests with `npm test`.',
  ]);
}

/** Joins lines the way an editor saves them: one newline after every line. */
export function lines(textLines: string[]): string {
  return `${textLines.join('\n')}\n`;
}
