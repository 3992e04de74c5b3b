/** Where a TypeScript file's compiled twin is in a build of its folder, if the build holds one. */
export declare function compiledPathOf(options: {
  sourceRoot: string;
  outDir: string;
  file: string;
}): string | undefined;
