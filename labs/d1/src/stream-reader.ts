import type { StreamReader } from '@agent-course/core';
import { explainFailure } from './explain-failure';
import { toStreamEvents } from './to-stream-events';

/** Day 1's reader, handed to the model client: how the chunks become events, how a failure reads. */
export const streamReader: StreamReader = { toStreamEvents, explainFailure };
