import type { Message } from '@agent-course/core';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD2Lab } from './d2-lab';

/** The driving part of wire-form: what the lab's toChatMessages writes for a history. */
export const operations = {
  async write({ messages }: { messages: Message[] }, { labDir }) {
    const lab = await loadD2Lab(labDir);
    // As JSON, as the SDK sends it: a field set to undefined goes nowhere.
    return { wire: JSON.parse(JSON.stringify(lab.toChatMessages(messages) ?? null)) as unknown };
  },
} satisfies DrivingPart['operations'];
