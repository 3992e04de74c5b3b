import type { Message } from '@agent-course/core';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD2Lab } from './d2-lab';

/** The driving part of history-rules: what the lab's findHistoryProblems says of each history. */
export const operations = {
  async find({ histories }: { histories: Message[][] }, { labDir }) {
    const lab = await loadD2Lab(labDir);
    const answers = histories.map((messages) => lab.findHistoryProblems(structuredClone(messages)));
    return { answers: JSON.parse(JSON.stringify(answers)) as unknown };
  },
} satisfies DrivingPart['operations'];
