import type { Message } from '@agent-course/core';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD2Lab } from './d2-lab';

/** The driving part of resent-size: what the lab's measureContext weighs each history at. */
export const operations = {
  async measure({ histories }: { histories: Message[][] }, { labDir }) {
    const lab = await loadD2Lab(labDir);
    const sizes = histories.map((messages) => lab.measureContext(structuredClone(messages)));
    return { sizes: JSON.parse(JSON.stringify(sizes)) as unknown };
  },
} satisfies DrivingPart['operations'];
