/** One server-sent event written exactly as given: how a test sends data that is not JSON. */
export interface RawEvent {
  /** The text after `data: `, sent as is. */
  rawData: string;
}

/** True for `{ rawData: string }`, the one shape no Chat Completions chunk has. */
export function isRawEvent(value: unknown): value is RawEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as { rawData?: unknown }).rawData === 'string'
  );
}
