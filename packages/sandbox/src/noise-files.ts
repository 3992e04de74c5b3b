import { calcSource, lines } from './calc-project-files';

/**
 * Folders a real checkout has and a model should never wade through: installed packages, git's
 * own files and build output. Several mention `divide`, so a tool that forgot to skip them
 * would show it in its results.
 */
export function noiseFiles(): Map<string, string | Buffer> {
  return new Map<string, string | Buffer>([
    ...installedPackages(),
    ...gitFiles(),
    ...buildOutput(),
  ]);
}

function installedPackages(): Array<[string, string]> {
  return [
    [
      'node_modules/tiny-math/package.json',
      `${JSON.stringify({ name: 'tiny-math', version: '2.1.0', main: 'index.js' }, null, 2)}\n`,
    ],
    [
      'node_modules/tiny-math/index.js',
      lines([
        "'use strict';",
        'exports.multiply = (a, b) => a * b;',
        'exports.divide = (a, b) => a / b;',
      ]),
    ],
    ['node_modules/tiny-math/README.md', lines(['# tiny-math', '', 'multiply and divide.'])],
    [
      'node_modules/.package-lock.json',
      `${JSON.stringify({ name: 'calc', lockfileVersion: 3, packages: {} }, null, 2)}\n`,
    ],
  ];
}

function gitFiles(): Array<[string, string | Buffer]> {
  return [
    ['.git/HEAD', lines(['ref: refs/heads/main'])],
    [
      '.git/config',
      lines(['[core]', '\trepositoryformatversion = 0', '\tfilemode = true', '\tbare = false']),
    ],
    ['.git/description', lines(['calc: tiny arithmetic helpers (add, subtract, divide)'])],
    // The empty blob, zlib-compressed exactly as git stores it.
    [
      '.git/objects/e6/9de29bb2d1d6434b8b29ae775ad8c2e48c5391',
      Buffer.from([
        0x78, 0x01, 0x4b, 0xca, 0xc9, 0x4f, 0x52, 0x30, 0x60, 0x00, 0x00, 0x09, 0xb0, 0x01, 0xf0,
      ]),
    ],
  ];
}

function buildOutput(): Array<[string, string]> {
  const minified =
    'export function add(n,r){return n+r}export function subtract(n,r){return n-r}' +
    'export function divide(n,r){return n*r}';
  return [
    ['dist/calc.js', `// Built from src/calc.js.\n${calcSource()}`],
    ['dist/calc.min.js', lines([minified])],
  ];
}
