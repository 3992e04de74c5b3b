import type { Plugin } from 'esbuild';

/** npm imports a lab shares with the compiled grader (zod), each compiled into `npm/<specifier>.js`. */
export declare const SHARED_IMPORTS: string[];
export declare const SHARED_IMPORTS_DIR: string;
export declare const SHARED_IMPORT_ENTRY: string;

/** How the kit's code (everything compiled in) and a lab's (only its own files) are compiled. */
export declare function agentCoursePlugin(
  options:
    | { kind: 'kit'; packagesFrom: string }
    | { kind: 'lab'; compiledKit: { kitRoot: string; outDir: string } },
): Plugin;
