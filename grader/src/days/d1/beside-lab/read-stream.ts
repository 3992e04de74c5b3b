import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD1Lab } from './d1-lab';

/** The most events one stream may give back; a reader that never ends is cut off here. */
export const MAX_EVENTS = 1_000;

/**
 * The driving part of quirk-streams and usage-chunk: each of the grader's streams, chunk by chunk,
 * through the lab's toStreamEvents, and the events it made of them.
 */
export const operations = {
  async read({ streams }: { streams: unknown[][] }, { labDir }) {
    const lab = await loadD1Lab(labDir);
    const read: Array<{ events: unknown[]; endless: boolean }> = [];
    for (const chunks of streams) {
      const events: unknown[] = [];
      let endless = false;
      for await (const event of lab.toStreamEvents(toAsync(chunks) as never)) {
        if (events.length === MAX_EVENTS) {
          endless = true;
          break;
        }
        events.push(event);
      }
      read.push({ events, endless });
    }
    return { read };
  },
} satisfies DrivingPart['operations'];

async function* toAsync<Item>(items: Item[]): AsyncGenerator<Item> {
  yield* structuredClone(items);
}
