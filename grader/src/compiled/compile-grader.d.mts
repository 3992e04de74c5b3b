/** Where a compiled grader is, or why the grader's own code does not compile. */
export type CompiledGraderResult = { ok: true; value: CompiledKit } | { ok: false; error: string };

/** A build of the kit's grader: each source file's compiled twin at its path inside `outDir`. */
export interface CompiledKit {
  /** The kit the build was made from. */
  kitRoot: string;
  /** The build's folder. */
  outDir: string;
}

/** The kit this grader belongs to. */
export declare const KIT_ROOT: string;

/** Compiles the grader when its sources changed since the last build; otherwise reuses that build. */
export declare function compileGrader(options?: {
  kitRoot?: string;
}): Promise<CompiledGraderResult>;

/** Whether a cache folder's builds can be trusted: this user's, and writable by nobody else. */
export declare function isTrustedFolder(options: {
  folder: { uid: number; mode: number };
  userId: number | undefined;
}): boolean;

/** Marks a build as in use, so no rebuild removes it as old meanwhile. */
export declare function markUsed(outDir: string): Promise<void>;

/** Writes the package.json that tells Node a build's .js files are ES modules. */
export declare function markAsModules(outDir: string): Promise<void>;

/** The modules the grader loads by paths it computes at run time, relative to the kit, sorted. */
export declare function findGraderEntries(kitRoot: string): string[];
