import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file sits in scripts/src. Commands default to it; tests pass their own. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
