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
    const read: Array<{ events: unknown[]; pulled: number[]; endless: boolean }> = [];
    for (const chunks of streams) {
      const events: unknown[] = [];
      // Beside each event, how many chunks the reader had taken when it gave the event.
      const pulled: number[] = [];
      const source = countPulls(structuredClone(chunks));
      let endless = false;
      for await (const event of lab.toStreamEvents(source.chunks as never)) {
        if (events.length === MAX_EVENTS) {
          endless = true;
          break;
        }
        events.push(event);
        pulled.push(source.pulled());
      }
      read.push({ events, pulled, endless });
    }
    return { read };
  },
} satisfies DrivingPart['operations'];

/** The chunks as a stream, and how many of them have been taken from it so far. */
function countPulls<Item>(items: Item[]) {
  let taken = 0;
  async function* chunks(): AsyncGenerator<Item> {
    for (const item of items) {
      taken += 1;
      yield item;
    }
  }
  return { chunks: chunks(), pulled: () => taken };
}
