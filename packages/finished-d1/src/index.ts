// How day 1 reads a model's stream, finished, so later days run on working code rather than on a
// student's day-1 lab: each day's exercises are its own, and a day builds on earlier ones through
// packages. Day 1 teaches these files as exercises; what is here is their finished form, generated
// from solutions/d1/src by `pnpm starter d1` (the list is in packages/course/src/finished-packages.ts).
// Every later day hands `streamReader` to the model client (`DayCommandLine.reader`).
export { explainFailure, MAX_QUOTED_CHARS } from './explain-failure';
export { streamReader } from './stream-reader';
export { toStreamEvents } from './to-stream-events';
