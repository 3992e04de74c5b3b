// @ts-check
import { readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';

/** zod's translations of its messages, which every module that loads zod parses: half its code. */
const LOCALES_INDEX = /(^|\/)locales\/index\.js$/;

/** The one kept: zod's own default, which its messages use unless a lab configures another. */
const KEPT_LOCALE = 'en';

/**
 * Leaves zod's translated messages out of the grader's build, all but English, zod's default:
 * every process of a grade (the grader, the check process, the lab's real run) loads zod, and the
 * 60-odd other languages are half of the code Node would parse each time. `z.locales.en` works as
 * ever; any other language is a function that says plainly why it is missing, and that the lab
 * runs with it under `pnpm start` as before, where zod is loaded whole.
 *
 * @returns {import('esbuild').Plugin}
 */
export function zodLocalesPlugin() {
  return {
    name: 'zod-locales',
    setup(build) {
      build.onResolve({ filter: LOCALES_INDEX }, (args) =>
        args.importer.includes(`${sep}node_modules${sep}zod${sep}`)
          ? { path: join(args.resolveDir, args.path), namespace: 'zod-locales' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, async (args) => {
        const index = await readFile(args.path, 'utf8');
        const names = [...index.matchAll(/default as (\w+)/g)].map((match) => match[1] ?? '');
        const lines = names.map((name) =>
          name === KEPT_LOCALE
            ? `export { default as ${name} } from './${name}.js';`
            : `export const ${name} = leftOut(${JSON.stringify(name)});`,
        );
        return {
          contents: [LEFT_OUT_SOURCE, ...lines].join('\n'),
          resolveDir: dirname(args.path),
          loader: 'js',
        };
      });
    },
  };
}

/** What a left-out language is in the build: a function that says why it is missing. */
const LEFT_OUT_SOURCE = `function leftOut(name) {
  return () => {
    throw new Error(
      \`zod's "\${name}" messages are left out when grading, to start each check sooner; the grader checks English messages, zod's default (pnpm start loads every language)\`,
    );
  };
}`;
