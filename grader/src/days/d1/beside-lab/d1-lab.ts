import type {
  AgentRunOptions,
  AgentRunResult,
  StreamEvent,
  StreamReader,
} from '@agent-course/core';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { findMissingExports, importLabFile } from '../../../beside-lab/import-lab-file';
import { LabLoadError } from '../../../beside-lab/lab-load-error';

/** What the grader uses from a day-1 lab: its three exercises and the reader made of two of them. */
export interface D1Lab {
  /** Exercise 1. */
  toStreamEvents(chunks: AsyncIterable<ChatCompletionChunk>): AsyncIterable<StreamEvent>;
  /** Exercise 2: the one call, with a clock the grader controls. */
  answerOnce(options: AgentRunOptions<[]> & { now?: () => number }): Promise<AgentRunResult>;
  /** Exercise 3. */
  explainFailure: StreamReader['explainFailure'];
}

const REQUIRED_EXPORTS: Record<keyof D1Lab, 'function'> = {
  toStreamEvents: 'function',
  answerOnce: 'function',
  explainFailure: 'function',
};

/** Imports the lab's entry file; a broken import becomes a LabLoadError saying what broke. */
export async function loadD1Lab(labDir: string): Promise<D1Lab> {
  const module = await importLabFile({ labDir, file: 'src/index.ts' });
  const missing = findMissingExports({ module, required: REQUIRED_EXPORTS });
  if (missing.length > 0) {
    throw new LabLoadError(
      `src/index.ts does not export ${missing.join(', ')}; export each by name`,
    );
  }
  return module as unknown as D1Lab;
}
