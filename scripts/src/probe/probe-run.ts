/** What one answer to the probe's question showed about the gateway's stream. */
export interface ProbeRun {
  /** The run's number, counted from 1. */
  run: number;
  /** The lowest tool-call index sent; 'none' when fragments carried no index; undefined without calls. */
  indexBase: number | 'none' | undefined;
  /** How many calls the fragments belonged to. */
  calls: number;
  /** Whether each call's id came in one fragment or in several; undefined without calls. */
  ids: 'once' | 'repeated' | undefined;
  /** The same for each call's name. */
  names: 'once' | 'repeated' | undefined;
  /** Fragments per call, in index order. */
  fragmentsPerCall: number[];
  /** True when fragments of different calls alternated. */
  interleaved: boolean;
  /** Every finish_reason that was not null, in order, "" included. */
  finishReasons: string[];
  /** True when the turn's last real finish reason was stop although calls were sent. */
  stopWithCalls: boolean;
  /** Chunks that carried usage or no choice at all. */
  usageChunks: number;
  /** True when some fragment's arguments were a JSON object rather than text. */
  objectArguments: boolean;
  /** Whether the stream ended with [DONE]. */
  sawDone: boolean;
  /** Milliseconds to the first byte of the answer. */
  firstByteMs?: number;
  /** Notices raised on the way (retries, odd chunks), in order. */
  notices: string[];
  /** Why the run failed, when it did. */
  error?: string;
}
