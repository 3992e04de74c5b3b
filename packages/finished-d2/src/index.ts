// How day 2 writes the conversation, finished, so later days run on working code rather than on a
// student's day-2 lab: each day's exercises are its own, and a day builds on earlier ones through
// packages. Day 2 teaches these files as exercises; what is here is their finished form, generated
// from solutions/d2/src by `pnpm starter d2` (the list is in packages/course/src/finished-packages.ts).
// Every later day hands `messageWriter` to the model client (`DayCommandLine.writer`), and its agent
// loop weighs what it resends with `measureContext`.
export { measureContext } from './measure-context';
export type { ContextSize } from './measure-context';
export { messageWriter } from './message-writer';
export { toChatMessages } from './to-chat-messages';
