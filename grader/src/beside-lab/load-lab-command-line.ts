import type { DayCommandLine } from '@agent-course/cli';
import { findMissingExports, importLabFile } from './import-lab-file';
import { LabLoadError } from './lab-load-error';

/**
 * What the grader uses from a lab's `src/main.ts`: what it hands to the command line, with the
 * kit's scenario in place of its own and the grader's question in place of its default. Its reader
 * is the lab's own on day 1, day 1's finished one as the grade resolves `@agent-course/finished-d1`
 * on later days: the kit's, or the student's own day 1 when switched to it.
 */
export type LabCommandLine<Registry> = Omit<
  DayCommandLine<Registry>,
  'scenario' | 'writes' | 'defaultQuestion' | 'chat'
>;

/** The members of `commandLine` the grader drives, with the kind each must be. */
const COMMAND_LINE_MEMBERS: Record<
  // Day 1's command line sends one question and hands the client no writer of its own.
  Exclude<keyof LabCommandLine<unknown>, 'writer'>,
  'function' | 'object' | 'string' | 'number'
> = {
  summary: 'string',
  registry: 'object',
  runAgent: 'function',
  reader: 'object',
  defaultMaxTurns: 'number',
};

/**
 * Imports the lab's `src/main.ts` for its `commandLine` export, which the grader runs in-process
 * with its own scenario; a broken import or a missing member becomes a LabLoadError.
 */
export async function loadLabCommandLine<Registry>(
  labDir: string,
): Promise<LabCommandLine<Registry>> {
  const module = await importLabFile({ labDir, file: 'src/main.ts' });
  const commandLine = (module.commandLine ?? {}) as Record<string, unknown>;
  const missing = findMissingExports({ module: commandLine, required: COMMAND_LINE_MEMBERS });
  if (missing.length > 0) {
    throw new LabLoadError(
      `src/main.ts does not export commandLine with ${missing.join(', ')}: export the object it ` +
        'passes to runCommandLine by name, as the starter does',
    );
  }
  return commandLine as unknown as LabCommandLine<Registry>;
}
