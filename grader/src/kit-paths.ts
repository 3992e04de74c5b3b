import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The root of the course kit this grader lives in. */
export const KIT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where each day's check code lives: `<GRADER_DAYS_DIR>/<day>/checks/<check id>.ts`. */
export const GRADER_DAYS_DIR = fileURLToPath(new URL('./days/', import.meta.url));

/** The child entry that runs a lab's checks one after another. */
export const RUN_CHECKS_ENTRY = fileURLToPath(new URL('./run-checks.ts', import.meta.url));

/**
 * tsx's loader as an absolute URL, so labs staged outside the kit (without tsx installed) can
 * still be run with `node --import <url>`.
 */
export const TSX_LOADER_URL = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
