export { answerOnce } from './answer-once';
export type { AnswerOnceOptions } from './answer-once';
export { explainFailure, MAX_QUOTED_CHARS } from './explain-failure';
export { streamReader } from './stream-reader';
export { toStreamEvents } from './to-stream-events';
