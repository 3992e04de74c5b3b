import type { RawEvent } from './loopback-server';

/** True for `{ rawData: string }`, the one shape no Chat Completions chunk has. */
export function isRawEvent(value: unknown): value is RawEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as { rawData?: unknown }).rawData === 'string'
  );
}
