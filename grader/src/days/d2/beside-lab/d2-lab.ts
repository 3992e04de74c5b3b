import type { AgentRunOptions, AgentRunResult, Message } from '@agent-course/core';
import { findMissingExports, importLabFile } from '../../../beside-lab/import-lab-file';
import { LabLoadError } from '../../../beside-lab/lab-load-error';

/** What the grader uses from a day-2 lab: its four exercises and the note a stopped answer ends with. */
export interface D2Lab {
  /** Exercise 1. */
  toChatMessages(messages: Message[]): unknown[];
  /** Exercise 2. */
  findHistoryProblems(messages: Message[]): unknown;
  /** Exercise 3. */
  measureContext(messages: Message[]): unknown;
  /** Exercise 4. */
  chat(options: AgentRunOptions<[]>): Promise<AgentRunResult>;
  /** What exercise 4 ends a stopped answer with. */
  INTERRUPTED_NOTE: string;
}

const REQUIRED_EXPORTS: Record<keyof D2Lab, 'function' | 'string'> = {
  toChatMessages: 'function',
  findHistoryProblems: 'function',
  measureContext: 'function',
  chat: 'function',
  INTERRUPTED_NOTE: 'string',
};

/** Imports the lab's entry file; a broken import becomes a LabLoadError saying what broke. */
export async function loadD2Lab(labDir: string): Promise<D2Lab> {
  const module = await importLabFile({ labDir, file: 'src/index.ts' });
  const missing = findMissingExports({ module, required: REQUIRED_EXPORTS });
  if (missing.length > 0) {
    throw new LabLoadError(
      `src/index.ts does not export ${missing.join(', ')}; export each by name`,
    );
  }
  return module as unknown as D2Lab;
}
